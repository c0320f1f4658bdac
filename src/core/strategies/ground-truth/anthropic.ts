/**
 * Ground truth on Anthropic Messages, read from each event's own fields.
 *
 * Contract: the event type is `data.type`, else the SSE event name. `message_start.message.content[i]` of type
 * tool_use is a whole call at key i (input as JSON); `content_block_start` with a tool_use block opens the call
 * at its `index` (a non-empty `input` there is its whole args, used when no fragment adds text);
 * `input_json_delta.partial_json` of a tool_use block is a fragment; `content_block_stop` ends it. Server tools
 * (server_tool_use) are not calls; a fragment for a block never started opens a call with no id and name. An empty args buffer at the end reads as {} (the SDK keeps the `{}` input).
 * An input_json_delta event that fits one of the turn's shapes (shape.ts: made from such events, proven by two
 * fills read by `jsonDelta`) is read as its fragment without parsing the event whole.
 */
import type { FrameFields, FrameIndex } from '../../types';
import { argsJson, index, list, name, parse, rec, text, type Rec } from './plain';
import { learnShape, readShape, shapeSchedule, type Observation, type Shape, type ShapeSchedule } from './shape';
import type { Tracer } from './tracer';


/** Whether the data may matter for calls: skips the bulk of text deltas without parsing them. */
function mayCarryCall(frame: FrameFields): boolean {
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

/**
 * An input_json_delta event's fragment and block key, read from its own `type` (not the SSE event name), or
 * undefined for any other event: what a shape (shape.ts) stands for. `input_json_delta` fragments are then kept
 * unless their block is a server tool's, as below.
 */
function jsonDelta(d: Rec | undefined): [string, string] | undefined {
  if (d === undefined || text(d.type) !== 'content_block_delta') return undefined;
  const key = index(d.index);
  const delta = rec(d.delta);
  const piece = text(delta?.partial_json);
  return key !== undefined && delta?.type === 'input_json_delta' && piece !== undefined ? [key, piece] : undefined;
}

/** makeShape's reading of a filled event: one fragment observation when it is an input_json_delta event. */
function observe(data: string): Observation[] | undefined {
  const value = parse(data);
  if (value === undefined) return undefined;
  const delta = jsonDelta(rec(value));
  return delta === undefined ? [['other']] : [['fragment', delta[0], delta[1]]];
}

/** Per turn: the shapes of its input_json_delta events, and when the next may be built (as chat.ts). */
export interface AnthropicTurn extends ShapeSchedule {
  blocks: Map<string, string>;
}

export const anthropicTurn = (): AnthropicTurn => ({ blocks: new Map(), ...shapeSchedule() });

function byShape(turn: AnthropicTurn, data: string): { key: string; text: string } | undefined {
  const shapes = turn.shapes;
  for (let i = 0; i < shapes.length; i++) {
    const s = shapes[i] as Shape;
    const piece = readShape(s, data);
    if (piece === undefined) continue;
    if (i > 0) {
      shapes[i] = shapes[0] as Shape;
      shapes[0] = s;
    }
    if (s === turn.built) turn.builtHit = true;
    return piece;
  }
  return undefined;
}

/** `turn.blocks` maps the turn's block indices to their type (fragments of server_tool_use blocks are not calls). */
export function readAnthropic(t: Tracer, frame: FrameFields, turn: AnthropicTurn): void {
  if (!mayCarryCall(frame)) return;
  const blocks = turn.blocks;
  const shaped = byShape(turn, frame.data);
  if (shaped !== undefined) {
    if (blocks.get(shaped.key) !== 'server_tool_use') t.fragment(shaped.key, frame.index, shaped.text);
    return;
  }
  const d = rec(parse(frame.data));
  if (d === undefined) return;
  const delta = jsonDelta(d);
  if (delta !== undefined) learnShape(turn, frame.data, delta[0], observe, '"partial_json"');
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
