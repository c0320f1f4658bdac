"""partial-json-preview: the buffers of per-call-buffer; a live preview of each is for the eyes only."""
from per_call_buffer import per_call_buffer


def partial_json_preview(turn, out):
    """per_call_buffer's buffers; the live preview of each is for the eyes only, computed when shown."""
    per_call_buffer(turn, out)
