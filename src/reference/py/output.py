"""The reference strategies' world, in Python (the same as ../ts/trace.ts).

A turn is {"turn", "wire", "events", "end"}; each event is {"frame", "kind", "key", "id"?, "name"?, "text"?}, what the
wire adapter made of one SSE event: a call started, a fragment of its arguments, its end, a whole call, the finish.
A strategy writes what it does to an Out; Out keeps it as a plain trace. Positions count UTF-16 code units, as
JavaScript strings do, so both references print the same JSON.
"""
import json


def units(text):
    """The length of text in UTF-16 code units (a character outside the BMP counts 2, as in JavaScript)."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def _no_constants(name):
    raise ValueError(f"{name} is not JSON")  # json.loads takes NaN and Infinity; JSON.parse does not


def parses(text):
    try:
        json.loads(text, parse_constant=_no_constants)
        return True
    except (ValueError, RecursionError):
        return False


class Out:
    def __init__(self, trace, turn):
        self.trace, self.turn = trace, turn

    def open(self, key, frame, id="", name=""):
        self.trace["buffers"].append({"turn": self.turn, "key": key, "id": id or "", "name": name or "", "text": "", "fragments": []})
        return len(self.trace["buffers"]) - 1

    def name(self, buffer, id, name):
        self.trace["buffers"][buffer].update(id=id, name=name)

    def append(self, buffer, frame, text):
        b = self.trace["buffers"][buffer]
        start = units(b["text"])
        b["text"] += text
        b["fragments"].append([frame, start, start + units(text)])
        return start

    def text(self, buffer):
        return self.trace["buffers"][buffer]["text"]

    def parse(self, buffer, frame, start, text, empty_is_no_args=False):
        ok = (empty_is_no_args and text == "") or parses(text)
        self.trace["attempts"].append([frame, self.turn, buffer, start, start + units(text), ok])
        return ok

    def ready(self, key, id, name, args, frame):
        self.trace["calls"].append([self.turn, key, id, name, args, frame])
