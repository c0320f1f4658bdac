"""per-call-buffer: one buffer per call; parse it once, when that call's end arrives."""
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
