/**
 * Ground truth on OpenAI Chat Completions, read from each chunk's own fields.
 *
 * Contract: `data: [DONE]` (whitespace around it allowed) ends every call of the turn. In a JSON chunk only the
 * choice with index 0 counts (position when it has no index): each `delta.tool_calls[]` entry is keyed by its
 * `index` (its position in the array when it has none); a non-empty `id` or `function.name` starts (or names) the
 * call, a string `function.arguments` is a fragment; a non-null `finish_reason` ends every call of the turn.
 * A chunk that fits one of the turn's shapes (shape.ts: made from chunks that were one fragment, and proven
 * by two fills read by these same rules) is that one fragment, read without parsing the chunk whole.
 */
import type { FrameFields } from '../../types';
import { learnShape, readShape, shapeSchedule, type Shape, type ShapeSchedule } from './shape';
import { index, list, name, parse, rec, text } from './plain';
import type { Tracer } from './tracer';

function isDone(data: string): boolean {
  return data.trim() === '[DONE]';
}

/** True when a chunk can hold nothing for calls: no tool_calls text and every finish_reason null. */
function skippable(data: string): boolean {
  if (data.includes('tool_calls')) return false;
  let at = data.indexOf('finish_reason');
  while (at >= 0) {
    let i = at + 'finish_reason'.length + 1; // past the closing quote
    while (i < data.length && (data[i] === ' ' || data[i] === ':' || data[i] === '\n' || data[i] === '\t' || data[i] === '\r')) i++;
    if (!data.startsWith('null', i)) return false;
    at = data.indexOf('finish_reason', i);
  }
  return true;
}

/** Who hears what a chunk says: the tracer (at the chunk's frame), or a list of observations. */
interface Sink {
  start(key: string, id: string | undefined, name: string | undefined): void;
  fragment(key: string, text: string): void;
  endAll(): void;
}

/** What a parsed chunk says about calls (the contract's rules), told to `sink`. */
function readValue(value: unknown, sink: Sink): void {
  const choices = list(rec(value)?.choices);
  if (choices === undefined) return;
  choices.forEach((c, p) => {
    const choice = rec(c);
    if (choice === undefined || (typeof choice.index === 'number' ? choice.index : p) !== 0) return;
    const calls = list(rec(choice.delta)?.tool_calls) ?? [];
    calls.forEach((e, q) => {
      const entry = rec(e);
      if (entry === undefined) return;
      const key = index(entry.index) ?? String(q);
      const fn = rec(entry.function);
      const id = name(entry.id);
      const fname = name(fn?.name);
      if (id !== undefined || fname !== undefined) sink.start(key, id, fname);
      const piece = text(fn?.arguments);
      if (piece !== undefined) sink.fragment(key, piece);
    });
    if (name(choice.finish_reason) !== undefined) sink.endAll();
  });
}

/** What a chunk tells the tracer, one call at a time. */
type Observation = readonly ['start', string, string | undefined, string | undefined] | readonly ['fragment', string, string] | readonly ['endAll'];

/** The observations of a chunk's data read whole, or undefined when it is not JSON (makeShape's fills). */
function observe(data: string): Observation[] | undefined {
  const value = parse(data);
  if (value === undefined) return undefined;
  const out: Observation[] = [];
  readValue(value, {
    start: (key, id, fname) => out.push(['start', key, id, fname]),
    fragment: (key, piece) => out.push(['fragment', key, piece]),
    endAll: () => out.push(['endAll']),
  });
  return out;
}

/** Per turn: the shapes of its fragment chunks (shape.ts) and when the next may be built. */
export type ChatTurn = ShapeSchedule;

export const chatTurn = (): ChatTurn => shapeSchedule();

/** A chunk that fits one of the turn's shapes: its one fragment, read without parsing the chunk; else false. */
function readByShape(t: Tracer, frame: FrameFields, turn: ChatTurn): boolean {
  const shapes = turn.shapes;
  for (let i = 0; i < shapes.length; i++) {
    const s = shapes[i] as Shape;
    const piece = readShape(s, frame.data);
    if (piece === undefined) continue;
    if (i > 0) {
      shapes[i] = shapes[0] as Shape;
      shapes[0] = s;
    }
    if (s === turn.built) turn.builtHit = true;
    t.fragment(piece.key, frame.index, piece.text);
    return true;
  }
  return false;
}

export function readChat(t: Tracer, frame: FrameFields, turn: ChatTurn = chatTurn()): void {
  const data = frame.data;
  if (isDone(data)) return t.endAll(frame.index);
  if (skippable(data)) return;
  if (readByShape(t, frame, turn)) return;
  const obs = observe(data);
  if (obs === undefined) return;
  for (const o of obs) {
    if (o[0] === 'start') t.start(o[1], frame.index, o[2], o[3]);
    else if (o[0] === 'fragment') t.fragment(o[1], frame.index, o[2]);
    else t.endAll(frame.index);
  }
  const only = obs.length === 1 ? obs[0] : undefined;
  if (only !== undefined && only[0] === 'fragment') learnShape(turn, data, only[1], observe, '"arguments"');
}
