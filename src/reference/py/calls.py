"""Calls kept by their key: the bookkeeping parse_each_fragment, per_call_buffer and next_index_closes share."""


class Call:
    def __init__(self, key, id, name, buffer):
        self.key, self.id, self.name, self.buffer = key, id or "", name or "", buffer
        self.saw_args = self.closed = self.ready = self.complete = False


class Calls:
    def __init__(self, out):
        self.out = out
        self.by_key = {}  # each key's latest call
        self.opened = []  # every call, in the order it opened

    def open(self, key, frame, id="", name=""):
        call = Call(key, id, name, self.out.open(key, frame, id, name))
        self.by_key[key] = call
        self.opened.append(call)
        return call

    def current(self, key, frame):
        call = self.by_key.get(key)
        return call if call and not call.closed else self.open(key, frame)

    def start(self, e):
        """A call starts: on an open key it is the same call; another id there (a reused index) runs the names together."""
        call = self.by_key.get(e["key"])
        if not call or call.closed:
            return self.open(e["key"], e["frame"], e.get("id", ""), e.get("name", ""))
        if e.get("id") and call.id and e["id"] != call.id:
            call.name += e.get("name", "")
        else:
            self.fill(call, e.get("id", ""), e.get("name", ""))
        self.out.name(call.buffer, call.id, call.name)
        return call

    def fill(self, call, id="", name=""):
        call.id = call.id or id or ""
        call.name = call.name or name or ""
        self.out.name(call.buffer, call.id, call.name)

    def append(self, call, e):
        call.saw_args = True
        return self.out.append(call.buffer, e["frame"], e.get("text", ""))

    def complete(self, e):
        """The call a whole-call event is for; None when it repeats a call already ended (Responses item.done)."""
        call, id = self.by_key.get(e["key"]), e.get("id", "")
        if call and call.closed and not call.complete and (call.id == id or not id or not call.id):
            call.complete = True
            return None
        target = call if call and not call.closed and not call.complete else self.open(e["key"], e["frame"], id, e.get("name", ""))
        self.fill(target, id, e.get("name", ""))
        target.complete = True
        return target

    def close(self, call, frame, wire):
        """Parses the whole buffer once; ready on success."""
        if call.closed:
            return
        call.closed = True
        text = self.out.text(call.buffer)
        if self.out.parse(call.buffer, frame, 0, text, wire == "anthropic-messages"):
            self.out.ready(call.key, call.id, call.name, text, frame)

    def close_all(self, frame, wire):
        for call in self.opened:
            self.close(call, frame, wire)
