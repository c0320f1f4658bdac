"""shared-buffer: one string for the whole turn; every fragment of every call goes into it."""


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
