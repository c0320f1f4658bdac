"""parse-each-fragment: json.loads every fragment by itself as it arrives; the first success is the call."""
from calls import Calls


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
