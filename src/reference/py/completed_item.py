"""completed-item (Codex's way): take a call only from an event that carries it whole."""


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
