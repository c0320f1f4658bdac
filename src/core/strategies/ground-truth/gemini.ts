/**
 * Ground truth on Gemini, read from each response's own fields.
 *
 * Contract: only `candidates[0]` (by its `index`, else its position) counts; a JSON array of responses is read
 * element by element. A `functionCall` part is either a whole call (it carries `args`, or a name and neither
 * `willContinue` nor `partialArgs`: no arguments, `{}`), or part of a streamed call (Gemini 3
 * `streamFunctionCallArguments`): a part with `willContinue: true` or `partialArgs` and no `args` opens one; the
 * next parts without a name add their `partialArgs` values at their `jsonPath` into an object (a string value
 * whose entry said `willContinue` is continued by the next string value for the same path); the call ends at the
 * first part after which nothing is to continue (an empty `functionCall`, or neither the part nor an entry says
 * `willContinue`), and a new named call ends the open one. The args are that object as JSON. A `finishReason`
 * (or a blocked prompt) ends the calls sent whole; a streamed call still open then, or at the turn's end, was cut.
 * Keys count the turn's logical calls from '0'; a call with no id is 'gemini-call-<key>'.
 */
import type { FrameFields, FrameIndex } from '../../types';
import { argsJson, list, name, parse, rec, text, type Rec } from './plain';
import type { TruthReader } from './reader';
import type { Tracer } from './tracer';

export interface GeminiTurn {
  calls: number;
  open?: { key: string; args: Rec; openString: string | null };
}

export const geminiTurn = (): GeminiTurn => ({ calls: 0 });

/** `$.a[0].b` / `$['a b']` -> segments, or undefined. */
function segments(path: string): (string | number)[] | undefined {
  if (!path.startsWith('$')) return undefined;
  const out: (string | number)[] = [];
  let rest = path.slice(1);
  while (rest !== '') {
    if (rest.startsWith('.')) {
      const m = /^\.([^.[]+)/.exec(rest);
      if (!m) return undefined;
      out.push(m[1] as string);
      rest = rest.slice(m[0].length);
    } else {
      const m = /^\[(?:(\d+)|'([^']*)'|"([^"]*)")\]/.exec(rest);
      if (!m) return undefined;
      out.push(m[1] !== undefined ? Number(m[1]) : ((m[2] ?? m[3]) as string));
      rest = rest.slice(m[0].length);
    }
  }
  return out.length > 0 ? out : undefined;
}

function own(o: Rec | unknown[], k: string | number, v: unknown): void {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

function setAt(root: Rec, path: (string | number)[], value: unknown, append: boolean): void {
  let node: Rec | unknown[] = root;
  for (let i = 0; i < path.length - 1; i++) {
    const k = path[i] as string | number;
    const next = Object.prototype.hasOwnProperty.call(node, k) ? (node as Rec)[k] : undefined;
    if (typeof next === 'object' && next !== null) node = next as Rec;
    else {
      const made = typeof path[i + 1] === 'number' ? [] : {};
      own(node, k, made);
      node = made;
    }
  }
  const leaf = path[path.length - 1] as string | number;
  const before = Object.prototype.hasOwnProperty.call(node, leaf) ? (node as Rec)[leaf] : undefined;
  own(node, leaf, append && typeof before === 'string' ? before + (value as string) : value);
}

function entryValue(e: Rec): { v: unknown } | undefined {
  if (typeof e.stringValue === 'string') return { v: e.stringValue };
  if (typeof e.numberValue === 'number') return { v: e.numberValue };
  if (typeof e.boolValue === 'boolean') return { v: e.boolValue };
  if ('nullValue' in e) return { v: null };
  return undefined;
}

function close(t: Tracer, turn: GeminiTurn, f: FrameIndex | undefined): void {
  const open = turn.open;
  if (open === undefined) return;
  turn.open = undefined;
  t.setArgs(open.key, argsJson(open.args));
  if (f !== undefined) t.end(open.key, f);
}

/** Adds a part's partialArgs to the open call; true when the part or an entry says more is coming. */
function addPartial(t: Tracer, turn: GeminiTurn, fc: Rec, f: FrameIndex): boolean {
  const open = turn.open as NonNullable<GeminiTurn['open']>;
  let more = fc.willContinue === true;
  const entries = list(fc.partialArgs) ?? [];
  if (entries.length > 0) t.touched(open.key, f);
  for (const raw of entries) {
    const e = rec(raw);
    const path = text(e?.jsonPath);
    const segs = path === undefined ? undefined : segments(path);
    const value = e === undefined ? undefined : entryValue(e);
    const continues = e?.willContinue === true;
    if (continues) more = true;
    if (e === undefined || path === undefined || segs === undefined || value === undefined) {
      t.unreadPiece(open.key, f);
      continue;
    }
    const isString = typeof value.v === 'string';
    setAt(open.args, segs, value.v, isString && open.openString === path);
    open.openString = isString && continues ? path : null;
  }
  return more;
}

function functionCall(t: Tracer, turn: GeminiTurn, fc: Rec, f: FrameIndex): void {
  const fname = name(fc.name);
  const hasArgs = fc.args !== undefined && fc.args !== null;
  const partial = list(fc.partialArgs) !== undefined;
  if (turn.open !== undefined && fname === undefined && !hasArgs) {
    if (!addPartial(t, turn, fc, f)) close(t, turn, f);
    return;
  }
  close(t, turn, f);
  const id = name(fc.id);
  if (!hasArgs && (fc.willContinue === true || partial)) {
    const key = String(turn.calls++);
    t.start(key, f, id ?? 'gemini-call-' + key, fname, true);
    turn.open = { key, args: {}, openString: null };
    if (partial && !addPartial(t, turn, fc, f)) close(t, turn, f);
    return;
  }
  if (fname === undefined && !hasArgs && id === undefined) return; // a closing part with no call open
  const key = String(turn.calls++);
  t.complete(key, f, id ?? 'gemini-call-' + key, text(fc.name) ?? '', hasArgs ? argsJson(fc.args) : '{}');
}

function response(t: Tracer, turn: GeminiTurn, d: Rec, f: FrameIndex): void {
  let finished = false;
  (list(d.candidates) ?? []).forEach((c, i) => {
    const cand = rec(c);
    if (cand === undefined || (typeof cand.index === 'number' ? cand.index : i) !== 0) return;
    for (const p of list(rec(cand.content)?.parts) ?? []) {
      const fc = rec(rec(p)?.functionCall);
      if (fc !== undefined) functionCall(t, turn, fc, f);
    }
    if (name(cand.finishReason) !== undefined) finished = true;
  });
  if (name(rec(d.promptFeedback)?.blockReason) !== undefined) finished = true;
  if (finished) t.endAll(f);
}

export function readGemini(t: Tracer, frame: FrameFields, turn: GeminiTurn): void {
  const parsed = parse(frame.data);
  const items = list(parsed) ?? [parsed];
  for (const item of items) {
    const d = rec(item);
    if (d !== undefined) response(t, turn, d, frame.index);
  }
}

/** The turn is over: a streamed call still open was cut; its args are what arrived. */
export function endGeminiTurn(t: Tracer, turn: GeminiTurn): void {
  close(t, turn, undefined);
}

/** The Gemini ground truth, as read.ts drives it. */
export const geminiTruth: TruthReader<GeminiTurn> = { turn: () => geminiTurn(), read: (t, frame, turn) => readGemini(t, frame, turn), endTurn: endGeminiTurn };
