"""The six reference strategies by id, with the wires each applies to (the same as ../ts/registry.ts)."""
from completed_item import completed_item
from next_index_closes import next_index_closes
from parse_each_fragment import parse_each_fragment
from partial_json_preview import partial_json_preview
from per_call_buffer import per_call_buffer
from shared_buffer import shared_buffer

STRATEGIES = {
    "parse-each-fragment": (lambda wire: True, parse_each_fragment),
    "shared-buffer": (lambda wire: True, shared_buffer),
    "per-call-buffer": (lambda wire: True, per_call_buffer),
    "completed-item": (lambda wire: wire in ("openai-responses", "gemini"), completed_item),
    "partial-json-preview": (lambda wire: True, partial_json_preview),
    "next-index-closes": (lambda wire: wire == "openai-chat", next_index_closes),
}
