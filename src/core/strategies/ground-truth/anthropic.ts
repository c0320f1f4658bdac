/**
 * Ground truth on Anthropic Messages, read from each event's own fields.
 *
 * Contract: the event type is `data.type`, else the SSE event name. `message_start.message.content[i]` of type
 * tool_use is a whole call at key i (input as JSON); `content_block_start` with a tool_use block opens the call
 * at its `index` (a non-empty `input` there is its whole args, used when no fragment adds text);
 * `input_json_delta.partial_json` of a tool_use block is a fragment; `content_block_stop` ends it. Server tools
 * (server_tool_use, mcp_tool_use: any block but tool_use) are not calls; a fragment for a block never started opens a call with no id and name. An empty args buffer at the end reads as {} (the SDK keeps the `{}` input).
 * An event that fits one of the turn's shapes (shape.ts: made from events read whole, with holes at the block's
 * index, id, name and argument fragment, proven by fills read by these same rules) says what its shape's ops say
 * with the holes' values, read without parsing the event whole (and only if it passes the same quick
 * `mayCarryCall` test as any event: a shape whose own text passes it needs no test).
 */
import type { FrameFields, FrameIndex } from '../../types';
import { argsJson, index, list, name, parse, rec, text, type Rec } from './plain';
import { fitShapesIn, learnShape, shapeSchedule, usedShape, type ShapeSchedule } from './schedule';
import { replay, type Field, type Op, type Replay } from './fit';
import type { ShapeSpec } from './shape';
import { keepAlive } from './keep';
import type { TruthReader } from './reader';
import { Tracer } from './tracer';


/**
 * Fragments count for a call only in a tool_use block, or a block never started (an unnamed call, an anomaly): every
 * other block that streams input (server_tool_use, mcp_tool_use, types not yet invented) is run by a server.
 */
const isClientBlock = (type: string | undefined): boolean => type === undefined || type === 'tool_use';

/**
 * Shapes: holes at these members' values; the marks are what `mayCarryCall` looks for in the data (a shape
 * holding one of them fits only events that may carry calls).
 */
export const ANTHROPIC_SPEC: ShapeSpec = { member: '"partial_json"', names: ['"index"', '"id"', '"name"'], marks: ['input_json_delta', 'content_block_st', 'message_start'] };

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

/** Who hears what an event says. */
interface Sink {
  /** Block `key` is of `type` (fragments of server_tool_use blocks are not calls; a stop ends only a tool_use block). */
  block(key: string, type: string): void;
  start(key: string, id: string | undefined, name: string | undefined): void;
  whole(key: string, args: string): void;
  fragment(key: string, text: string): void;
  stop(key: string): void;
  complete(key: string, id: string, name: string, args: string): void;
}

/** Whether a parsed object has a member (what `Object.keys(o).length > 0` says, without the array). */
function hasMember(o: Rec): boolean {
  for (const k in o) if (Object.hasOwn(o, k)) return true;
  return false;
}

/** What a parsed event says about calls (the contract's rules), told to `sink`. */
function readValue(d: Rec, event: string, sink: Sink): void {
  const type = text(d.type) ?? event;
  if (type === 'message_start') {
    const content = list(rec(d.message)?.content) ?? [];
    for (let i = 0; i < content.length; i++) {
      const block = rec(content[i]);
      const key = String(i);
      sink.block(key, text(block?.type) ?? '');
      if (block?.type !== 'tool_use') continue;
      sink.complete(key, name(block.id) ?? '', text(block.name) ?? '', argsJson(block.input));
    }
    return;
  }
  const key = index(d.index);
  if (key === undefined) return;
  if (type === 'content_block_start') {
    const block = rec(d.content_block);
    sink.block(key, text(block?.type) ?? '');
    if (block?.type !== 'tool_use') return;
    sink.start(key, name(block.id), name(block.name));
    const input = rec(block.input);
    if (input !== undefined && hasMember(input)) sink.whole(key, argsJson(input));
  } else if (type === 'content_block_delta') {
    const delta = rec(d.delta);
    const piece = text(delta?.partial_json);
    if (delta?.type === 'input_json_delta' && piece !== undefined) sink.fragment(key, piece);
  } else if (type === 'content_block_stop') {
    sink.stop(key);
  }
}

/** A sink that keeps what it hears as ops (makeShape's readings). */
class Observations implements Sink {
  readonly out: Op[] = [];
  block(key: string, type: string): void {
    this.out.push(['block', key, type]);
  }
  start(key: string, id: string | undefined, fname: string | undefined): void {
    this.out.push(['start', key, id, fname]);
  }
  whole(key: string, args: string): void {
    this.out.push(['whole', key, args]);
  }
  fragment(key: string, piece: string): void {
    this.out.push(['fragment', key, piece]);
  }
  stop(key: string): void {
    this.out.push(['stop', key]);
  }
  complete(key: string, id: string, fname: string, args: string): void {
    this.out.push(['complete', key, id, fname, args]);
  }
}

/** An event's data read whole as ops, or undefined when it is not a JSON object (makeShape's readings). */
export function observeAnthropic(data: string, event: string): Op[] | undefined {
  const d = rec(parse(data));
  if (d === undefined) return undefined;
  const sink = new Observations();
  readValue(d, event, sink);
  return sink.out;
}

/** A sink that tells the tracer at a frame (with the turn's block types), and counts what it heard. */
class TraceSink implements Sink, Replay {
  frame = 0 as FrameIndex;
  heard = 0;
  constructor(
    readonly t: Tracer,
    readonly blocks: Map<string, string>,
  ) {}
  at(frame: FrameIndex): void {
    this.frame = frame;
    this.heard = 0;
  }
  block(key: string, type: string): void {
    this.heard++;
    this.blocks.set(key, type);
  }
  start(key: string, id: string | undefined, fname: string | undefined): void {
    this.heard++;
    this.t.start(key, this.frame, id, fname);
  }
  whole(key: string, args: string): void {
    this.heard++;
    this.t.whole(key, this.frame, args);
  }
  fragment(key: string, piece: string): void {
    this.heard++;
    if (isClientBlock(this.blocks.get(key))) this.t.fragment(key, this.frame, piece);
  }
  stop(key: string): void {
    this.heard++;
    if (this.blocks.get(key) === 'tool_use') this.t.end(key, this.frame);
  }
  complete(key: string, id: string, fname: string, args: string): void {
    this.heard++;
    this.t.complete(key, this.frame, id, fname, args);
  }
  /** A shape's op (the tags Observations writes). */
  op(tag: string, a: Field, b: Field, c: Field, d: Field): void {
    const key = a as string;
    if (tag === 'fragment') this.fragment(key, b as string);
    else if (tag === 'start') this.start(key, b, c);
    else if (tag === 'stop') this.stop(key);
    else if (tag === 'block') this.block(key, b as string);
    else if (tag === 'whole') this.whole(key, b as string);
    else if (tag === 'complete') this.complete(key, b as string, c as string, d as string);
  }
  fragmentJson(key: Field, text: string, start: number, end: number): void {
    this.heard++;
    if (isClientBlock(this.blocks.get(key as string))) this.t.fragmentJson(key as string, this.frame, text, start, end);
  }
}

/** Per turn: its block types, the shapes of its events and when the next may be built (as chat.ts), and its sink. */
export interface AnthropicTurn {
  blocks: Map<string, string>;
  sched: ShapeSchedule;
  sink: TraceSink | undefined;
}

/** A turn with none of the last one's blocks and sink, and the shapes `carried` learned when given. */
export const anthropicTurn = (carried?: AnthropicTurn, learn = true): AnthropicTurn => ({ blocks: new Map(), sched: shapeSchedule(carried?.sched, learn), sink: undefined });

// one sink kept (keep.ts)
keepAlive(new TraceSink(new Tracer(1), new Map())).at(0 as FrameIndex);

function sinkOf(t: Tracer, turn: AnthropicTurn, f: FrameIndex): TraceSink {
  let sink = turn.sink;
  if (sink === undefined || sink.t !== t || sink.blocks !== turn.blocks) sink = turn.sink = new TraceSink(t, turn.blocks);
  sink.at(f);
  return sink;
}

/**
 * The event `text.slice(from, to)` named `event`, read in place when it fits one of the turn's shapes: what the
 * shape says (when the event passes mayCarryCall, as every event does before a parse). False when no shape fits:
 * the caller reads it whole (`readAnthropic` with `fitted`).
 */
export function readAnthropicFitted(t: Tracer, f: FrameIndex, event: string, turn: AnthropicTurn, text: string, from: number, to: number): boolean {
  const sched = turn.sched;
  if (sched.shapes.length === 0 || !fitShapesIn(sched, event, text, from, to)) return false;
  const s = sched.fit;
  if (s === undefined || (!s.marked && !mayCarryCall(text.slice(from, to), event))) return true;
  usedShape(sched);
  replay(s, sched, text, sinkOf(t, turn, f));
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
  if (!fitted && readAnthropicFitted(t, f, event, turn, data, 0, data.length)) return;
  if (!mayCarryCall(data, event)) return;
  const d = rec(parse(data));
  if (d === undefined) return;
  const sink = sinkOf(t, turn, f);
  readValue(d, event, sink);
  if (sink.heard > 0) learnShape(turn.sched, data, event, observeAnthropic, ANTHROPIC_SPEC);
}

/** The Anthropic Messages ground truth, as read.ts drives it. */
export const anthropicTruth: TruthReader<AnthropicTurn> = {
  turn: (last, learn) => anthropicTurn(last, learn),
  inPlace: (t, f, event, turn, text, from, to) => readAnthropicFitted(t, f, event, turn, text, from, to),
  read: readAnthropic,
  emptyArgsValid: true,
};
