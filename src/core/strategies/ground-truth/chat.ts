/**
 * Ground truth on OpenAI Chat Completions, read from each chunk's own fields.
 *
 * Contract: `data: [DONE]` (whitespace around it allowed) ends every call of the turn. In a JSON chunk only the
 * choice with index 0 counts (position when it has no index): each `delta.tool_calls[]` entry is keyed by its
 * `index` (its position in the array when it has none); a non-empty `id` or `function.name` starts (or names) the
 * call, a string `function.arguments` is a fragment; a non-null `finish_reason` ends every call of the turn.
 * A chunk that fits one of the turn's shapes (shape.ts: made from chunks read whole, with holes at the call's
 * index, id, name and argument fragment and at free strings, proven by fills read by these same rules) says what
 * its shape's ops say with the holes' values, read without parsing the chunk whole (when it passes the same quick
 * `skippable` test as any chunk: a shape whose own text holds 'tool_calls' needs none). `skippableIn` is that test
 * read in place in the decoded text (readCarried skips such a chunk without copying its data out).
 */
import type { FrameFields, FrameIndex } from '../../types';
import { fitShapesIn, learnShape, shapeSchedule, usedShape, type ShapeSchedule } from './schedule';
import { replay, type Field, type Op, type Replay } from './fit';
import type { ShapeSpec } from './shape';
import { index, list, name, parse, rec, text } from './plain';
import { keepAlive } from './keep';
import type { TruthReader } from './reader';
import { Tracer } from './tracer';

/** `data: [DONE]`, whitespace around it allowed (a JSON chunk, starting with '{', is never it). */
function isDone(data: string): boolean {
  return data.charCodeAt(0) !== 123 && data.trim() === '[DONE]';
}

/** Shapes: holes at these members' values; 'tool_calls' is what `skippable` looks for first (a shape holding it fits only chunks that are not skippable). */
export const CHAT_SPEC: ShapeSpec = { member: '"arguments"', names: ['"index"', '"id"', '"name"'], marks: ['tool_calls'] };

/** True when a chunk can hold nothing for calls: no tool_calls text and every finish_reason null. */
export function skippable(data: string): boolean {
  if (data.includes('tool_calls')) return false;
  let at = data.indexOf('finish_reason');
  while (at >= 0) {
    let i = at + 'finish_reason'.length + 1; // past the closing quote
    for (let c = data.charCodeAt(i); c === 32 || c === 58 || c === 10 || c === 9 || c === 13; c = data.charCodeAt(++i));
    if (data.lastIndexOf('null', i) !== i) return false;
    at = data.indexOf('finish_reason', i);
  }
  return true;
}

/**
 * `skippable(text.slice(from, to))` read in place, for a chunk of piece `piece` (any number naming `text`) that
 * starts with '{' (never [DONE]): the two words it looks for both hold '_', so it visits the chunk's underscores
 * only (found by indexOf; where the next one is, past the chunk, is kept in the turn for the chunks after it, so a
 * piece is searched once however few underscores it holds).
 */
export function skippableIn(turn: ChatTurn, piece: number, text: string, from: number, to: number): boolean {
  let q = turn.underPiece === piece && turn.underFrom <= from && turn.under >= from ? turn.under : text.indexOf('_', from);
  if (q < 0) q = text.length;
  while (q < to) {
    // 'tool_calls' anywhere, or a 'finish_reason' whose value (past its closing quote, spaces and colons) is not null
    if (q - 4 >= from && q + 6 <= to && text.startsWith('tool_calls', q - 4)) return false;
    if (q - 6 >= from && q + 7 <= to && text.startsWith('finish_reason', q - 6)) {
      let i = q + 8;
      for (let c = i < to ? text.charCodeAt(i) : -1; c === 32 || c === 58 || c === 10 || c === 9 || c === 13; c = ++i < to ? text.charCodeAt(i) : -1);
      if (i + 4 > to || !text.startsWith('null', i)) return false;
    }
    q = text.indexOf('_', q + 1);
    if (q < 0) q = text.length;
  }
  turn.underPiece = piece;
  turn.underFrom = from;
  turn.under = q;
  return true;
}

/** Who hears what a chunk says. */
interface Sink {
  start(key: string, id: string | undefined, name: string | undefined): void;
  fragment(key: string, text: string): void;
  endAll(): void;
}

/** What a parsed chunk says about calls (the contract's rules), told to `sink`. */
function readValue(value: unknown, sink: Sink): void {
  const choices = list(rec(value)?.choices);
  if (choices === undefined) return;
  for (let p = 0; p < choices.length; p++) {
    const choice = rec(choices[p]);
    if (choice === undefined || (typeof choice.index === 'number' ? choice.index : p) !== 0) continue;
    const calls = list(rec(choice.delta)?.tool_calls) ?? [];
    for (let q = 0; q < calls.length; q++) {
      const entry = rec(calls[q]);
      if (entry === undefined) continue;
      const key = index(entry.index) ?? String(q);
      const fn = rec(entry.function);
      const id = name(entry.id);
      const fname = name(fn?.name);
      if (id !== undefined || fname !== undefined) sink.start(key, id, fname);
      const piece = text(fn?.arguments);
      if (piece !== undefined) sink.fragment(key, piece);
    }
    if (name(choice.finish_reason) !== undefined) sink.endAll();
  }
}

/** A sink that keeps what it hears as ops (makeShape's readings). */
class Observations implements Sink {
  readonly out: Op[] = [];
  start(key: string, id: string | undefined, fname: string | undefined): void {
    this.out.push(['start', key, id, fname]);
  }
  fragment(key: string, piece: string): void {
    this.out.push(['fragment', key, piece]);
  }
  endAll(): void {
    this.out.push(['endAll']);
  }
}

/** A chunk's data read whole as ops, or undefined when it is not JSON (makeShape's readings). */
export function observeChat(data: string): Op[] | undefined {
  const value = parse(data);
  if (value === undefined) return undefined;
  const sink = new Observations();
  readValue(value, sink);
  return sink.out;
}

/** A sink that tells the tracer at a frame, and counts what it heard (a chunk that said something teaches a shape). */
class TraceSink implements Sink, Replay {
  frame = 0 as FrameIndex;
  heard = 0;
  constructor(readonly t: Tracer) {}
  at(frame: FrameIndex): void {
    this.frame = frame;
    this.heard = 0;
  }
  start(key: string, id: string | undefined, fname: string | undefined): void {
    this.heard++;
    this.t.start(key, this.frame, id, fname);
  }
  fragment(key: string, piece: string): void {
    this.heard++;
    this.t.fragment(key, this.frame, piece);
  }
  endAll(): void {
    this.heard++;
    this.t.endAll(this.frame);
  }
  /** A shape's op (the tags Observations writes). */
  op(tag: string, a: Field, b: Field, c: Field): void {
    if (tag === 'start') this.start(a as string, b, c);
    else if (tag === 'fragment') this.fragment(a as string, b as string);
    else if (tag === 'endAll') this.endAll();
  }
  fragmentJson(key: Field, text: string, start: number, end: number): void {
    this.heard++;
    this.t.fragmentJson(key as string, this.frame, text, start, end);
  }
}

/** Per turn: the shapes of its chunks (shape.ts), when the next may be built, and its sink. */
export interface ChatTurn {
  sched: ShapeSchedule;
  sink: TraceSink | undefined;
  /** `skippableIn`'s memo: in piece `underPiece`, no underscore from `underFrom` up to `under` (-1: none yet). */
  underPiece: number;
  underFrom: number;
  under: number;
}

/** A turn with no sink yet, and the shapes `carried` learned when given. */
export const chatTurn = (carried?: ChatTurn, learn = true): ChatTurn => ({ sched: shapeSchedule(carried?.sched, learn), sink: undefined, underPiece: -1, underFrom: 0, under: 0 });

// one sink kept (keep.ts)
keepAlive(new TraceSink(new Tracer(1))).at(0 as FrameIndex);

function sinkOf(t: Tracer, turn: ChatTurn, f: FrameIndex): TraceSink {
  let sink = turn.sink;
  if (sink === undefined || sink.t !== t) sink = turn.sink = new TraceSink(t);
  sink.at(f);
  return sink;
}

/**
 * The chunk `text.slice(from, to)` named `event`, read in place when it fits one of the turn's shapes: what the
 * shape says (when the chunk is not skippable, as every chunk before a parse). False when no shape fits: the caller
 * reads it whole (`readChat` with `fitted`). A chunk that fits is a JSON object, so it is never `[DONE]`.
 */
export function readChatFitted(t: Tracer, f: FrameIndex, event: string, turn: ChatTurn, text: string, from: number, to: number): boolean {
  const sched = turn.sched;
  if (sched.shapes.length === 0 || !fitShapesIn(sched, event, text, from, to)) return false;
  const s = sched.fit;
  if (s === undefined || (!s.marked && skippable(text.slice(from, to)))) return true;
  usedShape(sched);
  replay(s, sched, text, sinkOf(t, turn, f));
  return true;
}

/** `fitted`: the caller has already tried the turn's shapes (`readChatFitted`) and none fits. */
export function readChat(t: Tracer, frame: FrameFields, turn: ChatTurn = chatTurn(), fitted = false): void {
  const data = frame.data;
  const f = frame.index;
  if (isDone(data)) return t.endAll(f);
  if (!fitted && readChatFitted(t, f, frame.event, turn, data, 0, data.length)) return;
  if (skippable(data)) return;
  const value = parse(data);
  if (value === undefined) return;
  const sink = sinkOf(t, turn, f);
  readValue(value, sink);
  if (sink.heard > 0) learnShape(turn.sched, data, frame.event, observeChat, CHAT_SPEC);
}

/** The Chat Completions ground truth, as read.ts drives it: a chunk (not [DONE]: it starts with '{') that holds
 * nothing for calls is found in place too, as `readChat` would skip it. */
export const chatTruth: TruthReader<ChatTurn> = {
  turn: (last, learn) => chatTurn(last, learn),
  inPlace: (t, f, event, turn, text, from, to, piece) =>
    readChatFitted(t, f, event, turn, text, from, to) || (text.charCodeAt(from) === 123 && skippableIn(turn, piece, text, from, to)),
  read: readChat,
};
