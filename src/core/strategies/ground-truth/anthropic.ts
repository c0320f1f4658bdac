/**
 * Ground truth on Anthropic Messages, read from each event's own fields.
 *
 * Contract: the event type is `data.type`, else the SSE event name. `message_start.message.content[i]` of type
 * tool_use is a whole call at key i (input as JSON); `content_block_start` with a tool_use block opens the call
 * at its `index` (a non-empty `input` there is its whole args, used when no fragment adds text);
 * `input_json_delta.partial_json` of a tool_use block is a fragment; `content_block_stop` ends it. Server tools
 * (server_tool_use) are not calls; a fragment for a block never started opens a call with no id and name. An empty args buffer at the end reads as {} (the SDK keeps the `{}` input).
 * An input_json_delta event that fits one of the turn's shapes (shape.ts: made from such events, proven by two
 * fills read by `jsonDelta`) is read as its fragment without parsing the event whole (and only if it passes the
 * same quick `mayCarryCall` test as any event: a shape whose own text passes it needs no test).
 */
import type { FrameFields, FrameIndex } from '../../types';
import { argsJson, index, list, name, parse, rec, text, type Rec } from './plain';
import { fitShapesIn, learnShape, shapeSchedule, usedShape, type Observation, type ShapeSchedule } from './shape';
import type { Tracer } from './tracer';


/** What `mayCarryCall` looks for in the data; a shape holding one of them fits only events that may carry calls. */
const MARKS = ['input_json_delta', 'content_block_st', 'message_start'];

/** Whether the data may matter for calls: skips the bulk of text deltas without parsing them. */
function mayCarryCall(d: string, event: string): boolean {
  return (
    event === 'content_block_start' ||
    event === 'content_block_stop' ||
    event === 'message_start' ||
    d.includes('input_json_delta') ||
    d.includes('content_block_st') ||
    d.includes('message_start')
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

/** Whether a parsed object has a member (what `Object.keys(o).length > 0` says, without the array). */
function hasMember(o: Rec): boolean {
  for (const k in o) if (Object.hasOwn(o, k)) return true;
  return false;
}

/**
 * The event `text.slice(from, to)`, read in place when it fits one of the turn's shapes: its fragment (when it
 * passes mayCarryCall, as every event does before a parse). False when no shape fits: the caller reads it whole
 * (`readAnthropic` with `fitted`).
 */
export function readAnthropicFitted(t: Tracer, f: FrameIndex, event: string, turn: AnthropicTurn, text: string, from: number, to: number): boolean {
  const start = turn.shapes.length > 0 ? fitShapesIn(turn, text, from, to) : -1;
  if (start < 0) return false;
  if (!turn.fit?.marked && !mayCarryCall(text.slice(from, to), event)) return true;
  usedShape(turn);
  if (turn.blocks.get(turn.key) !== 'server_tool_use') t.fragmentJson(turn.key, f, text, start, turn.end);
  return true;
}

/**
 * `turn.blocks` maps the turn's block indices to their type (fragments of server_tool_use blocks are not calls).
 * `fitted`: the caller has already tried the turn's shapes (`readAnthropicFitted`) and none fits.
 */
export function readAnthropic(t: Tracer, frame: FrameFields, turn: AnthropicTurn, fitted = false): void {
  const data = frame.data;
  const event = frame.event;
  const f: FrameIndex = frame.index;
  const blocks = turn.blocks;
  if (!fitted && readAnthropicFitted(t, f, event, turn, data, 0, data.length)) return;
  if (!mayCarryCall(data, event)) return;
  const d = rec(parse(data));
  if (d === undefined) return;
  const delta = jsonDelta(d);
  if (delta !== undefined) learnShape(turn, data, delta[0], observe, '"partial_json"', MARKS);
  const type = text(d.type) ?? event;
  if (type === 'message_start') {
    const content = list(rec(d.message)?.content) ?? [];
    for (let i = 0; i < content.length; i++) {
      const block = rec(content[i]);
      blocks.set(String(i), text(block?.type) ?? '');
      if (block?.type !== 'tool_use') continue;
      t.complete(String(i), f, name(block.id) ?? '', text(block.name) ?? '', argsJson(block.input));
    }
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
    if (input !== undefined && hasMember(input)) t.whole(key, f, argsJson(input));
  } else if (type === 'content_block_delta') {
    const delta = rec(d.delta);
    const piece = text(delta?.partial_json);
    if (delta?.type === 'input_json_delta' && piece !== undefined && blocks.get(key) !== 'server_tool_use') t.fragment(key, f, piece);
  } else if (type === 'content_block_stop') {
    if (blocks.get(key) === 'tool_use') t.end(key, f);
  }
}
