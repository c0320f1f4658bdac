"""next-index-closes: the OpenAI SDK's heuristic on Chat streams: another index closes the current call."""
from calls import Calls


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
