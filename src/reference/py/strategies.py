"""The six assembly strategies, as the course's Python would write them (the same as ../ts, one function each)."""
from calls import Calls


def ends_at_finish(wire):
    return wire in ("openai-chat", "gemini")  # no end event per call there: the finish ends them all


def per_call_buffer(turn, out):
    """One buffer per call; parse it once, when that call's end arrives."""
    calls, wire = Calls(out), turn["wire"]
    for e in turn["events"]:
        kind = e["kind"]
        if kind == "start":
            calls.start(e)
        elif kind == "args":
            calls.append(calls.current(e["key"], e["frame"]), e)
        elif kind == "end":
            known = calls.by_key.get(e["key"])
            if known and known.closed:
                continue  # already ended (by output_item.done)
            call = known or calls.open(e["key"], e["frame"])
            if "text" in e and not call.saw_args:
                calls.append(call, e)  # the end carries the whole arguments
            calls.close(call, e["frame"], wire)
        elif kind == "complete":
            call = calls.complete(e)
            if call is None:
                continue
            if not call.saw_args:
                calls.append(call, e)
            if wire != "gemini":  # a Gemini part is a whole call, but the finish ends calls there
                calls.close(call, e["frame"], wire)
        elif kind == "finish" and ends_at_finish(wire):
            calls.close_all(e["frame"], wire)
    if ends_at_finish(wire):
        calls.close_all(turn["end"], wire)


def partial_json_preview(turn, out):
    """per_call_buffer's buffers; the live preview of each is for the eyes only, computed when shown."""
    per_call_buffer(turn, out)


def parse_each_fragment(turn, out):
    """json.loads every fragment by itself as it arrives; the first success is the call."""
    calls = Calls(out)

    def try_fragment(call, e):
        start = calls.append(call, e)
        if call.ready:
            return  # taken already: later fragments are kept, never parsed
        if out.parse(call.buffer, e["frame"], start, e.get("text", "")):
            call.ready = True
            out.ready(call.key, call.id, call.name, e.get("text", ""), e["frame"])

    for e in turn["events"]:
        if e["kind"] == "start":
            calls.start(e)
        elif e["kind"] == "args":
            try_fragment(calls.current(e["key"], e["frame"]), e)
        elif e["kind"] == "end":
            call = calls.current(e["key"], e["frame"])
            if "text" in e and not call.saw_args:
                try_fragment(call, e)
        elif e["kind"] == "complete":
            call = calls.complete(e)
            if call and not call.saw_args:
                try_fragment(call, e)


def completed_item(turn, out):
    """Codex's way: take a call only from an event that carries it whole, parsed once."""
    for e in turn["events"]:
        if e["kind"] != "complete":
            continue
        args = e.get("text", "")
        buffer = out.open(e["key"], e["frame"], e.get("id", ""), e.get("name", ""))
        start = out.append(buffer, e["frame"], args)
        if out.parse(buffer, e["frame"], start, args):
            out.ready(e["key"], e.get("id", ""), e.get("name", ""), args, e["frame"])


def shared_buffer(turn, out):
    """One string for the whole turn; every fragment of every call goes into it; parse it at the end."""
    state = {"buffer": None, "first": None}
    with_args, whole, completed = set(), set(), set()

    def the_buffer(frame, key, id="", name=""):
        first = state["first"]
        if first is None:
            first = state["first"] = {"key": key, "id": id or "", "name": name or ""}
        elif first["key"] == key:
            first["id"] = first["id"] or id or ""
            first["name"] = first["name"] or name or ""
        if state["buffer"] is None:
            state["buffer"] = out.open(None, frame, first["id"], first["name"])
        else:
            out.name(state["buffer"], first["id"], first["name"])
        return state["buffer"]

    def append_whole(frame, key, args, id="", name=""):
        b = the_buffer(frame, key, id, name)
        if key in with_args or key in whole:
            return  # the fragments are in already
        out.append(b, frame, args)
        whole.add(key)

    for e in turn["events"]:
        kind, key = e["kind"], e["key"]
        if kind == "start":
            the_buffer(e["frame"], key, e.get("id", ""), e.get("name", ""))
        elif kind == "args":
            with_args.add(key)
            b = state["buffer"] if state["buffer"] is not None and state["first"] is not None else the_buffer(e["frame"], key)
            out.append(b, e["frame"], e.get("text", ""))
        elif kind == "end" and "text" in e:
            append_whole(e["frame"], key, e["text"])
        elif kind == "complete":
            if key in completed:
                out.append(the_buffer(e["frame"], key), e["frame"], e.get("text", ""))  # another call there
            else:
                completed.add(key)
                append_whole(e["frame"], key, e.get("text", ""), e.get("id", ""), e.get("name", ""))
    if state["buffer"] is None or state["first"] is None:
        return
    text, first = out.text(state["buffer"]), state["first"]
    if out.parse(state["buffer"], turn["end"], 0, text):
        out.ready(first["key"], first["id"], first["name"], text, turn["end"])


def next_index_closes(turn, out):
    """The OpenAI Node SDK's heuristic: the current call is complete as soon as another index shows up."""
    calls, wire, state = Calls(out), turn["wire"], {"current": None}

    def focus(key, frame):
        current = state["current"]
        if current and current.key != key:
            calls.close(current, frame, wire)  # another index: the last call is done
        call = current if current and current.key == key else calls.by_key.get(key)
        return calls.open(key, frame, call.id, call.name) if call and call.closed else call

    for e in turn["events"]:
        if e["kind"] == "start":
            focus(e["key"], e["frame"])
            state["current"] = calls.start(e)
        elif e["kind"] == "args":
            call = focus(e["key"], e["frame"]) or calls.open(e["key"], e["frame"])
            calls.append(call, e)
            state["current"] = call
        elif e["kind"] == "finish":
            calls.close_all(e["frame"], wire)
            state["current"] = None
    calls.close_all(turn["end"], wire)


STRATEGIES = {
    "parse-each-fragment": (lambda wire: True, parse_each_fragment),
    "shared-buffer": (lambda wire: True, shared_buffer),
    "per-call-buffer": (lambda wire: True, per_call_buffer),
    "completed-item": (lambda wire: wire in ("openai-responses", "gemini"), completed_item),
    "partial-json-preview": (lambda wire: True, partial_json_preview),
    "next-index-closes": (lambda wire: wire == "openai-chat", next_index_closes),
}
