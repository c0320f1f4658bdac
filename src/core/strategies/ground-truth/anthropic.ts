/**
 * Ground truth on Anthropic Messages, read from each event's own fields.
 *
 * Contract: the event type is `data.type`, else the SSE event name. `message_start.message.content[i]` of type
 * tool_use is a whole call at key i (input as JSON); `content_block_start` with a tool_use block opens the call
 * at its `index` (a non-empty `input` there is its whole args, used when no fragment adds text);
 * `input_json_delta.partial_json` of a tool_use block is a fragment; `content_block_stop` ends it. Server tools
 * (server_tool_use) are not calls; a fragment for a block never started opens a call with no id and name. An empty args buffer at the end reads as {} (the SDK keeps the `{}` input).
 */
import type { Frame, FrameIndex } from '../../types';
import { argsJson, index, list, name, parse, rec, text } from './plain';
import type { Tracer } from './tracer';


/** Whether the data may matter for calls: skips the bulk of text deltas without parsing them. */
function mayCarryCall(frame: Frame): boolean {
  const d = frame.data;
  return (
    d.includes('input_json_delta') ||
    d.includes('content_block_st') ||
    d.includes('message_start') ||
    frame.event === 'content_block_start' ||
    frame.event === 'content_block_stop' ||
    frame.event === 'message_start'
  );
}

/** `blocks` maps the turn's block indices to their type (fragments of server_tool_use blocks are not calls). */
export function readAnthropic(t: Tracer, frame: Frame, blocks: Map<string, string>): void {
  if (!mayCarryCall(frame)) return;
  const d = rec(parse(frame.data));
  if (d === undefined) return;
  const type = text(d.type) ?? frame.event;
  const f: FrameIndex = frame.index;
  if (type === 'message_start') {
    const content = list(rec(d.message)?.content) ?? [];
    content.forEach((b, i) => {
      const block = rec(b);
      blocks.set(String(i), text(block?.type) ?? '');
      if (block?.type !== 'tool_use') return;
      t.complete(String(i), f, name(block.id) ?? '', text(block.name) ?? '', argsJson(block.input));
    });
    return;
  }
  const key = index(d.index);
  if (key === undefined) return;
  if (type === 'content_block_start') {
    const block = rec(d.content_block);
    blocks.set(key, text(block?.type) ?? '');
    if (block?.type !== 'tool_use') return;
    t.start(key, f, name(block.id), name(block.name));
    const input = rec(block.input);
    if (input !== undefined && Object.keys(input).length > 0) t.whole(key, f, argsJson(input));
  } else if (type === 'content_block_delta') {
    const delta = rec(d.delta);
    const piece = text(delta?.partial_json);
    if (delta?.type === 'input_json_delta' && piece !== undefined && blocks.get(key) !== 'server_tool_use') t.fragment(key, f, piece);
  } else if (type === 'content_block_stop') {
    if (blocks.get(key) === 'tool_use') t.end(key, f);
  }
}
