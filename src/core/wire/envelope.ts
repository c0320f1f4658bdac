/**
 * Envelope templates: `JSON.parse` only the part of a frame's data that changes from frame to frame.
 *
 * Streaming providers wrap every chunk in the same envelope. A Chat chunk repeats `id`, `object`, `created`,
 * `model`, `system_fingerprint`, `choices[0].index`, `logprobs` and `finish_reason`; only `choices[0].delta`
 * changes. An Anthropic `content_block_delta` repeats `type` and `index`; only `delta` changes. Parsing the whole
 * envelope again on every frame is most of what loading costs.
 *
 * Contract:
 * - `makeTemplate(text, path)` finds the exact character span of the value at `path` (object keys and array
 *   positions; with duplicate keys the last one wins, as in JSON.parse) and keeps the text before it (`prefix`),
 *   after it (`suffix`) and `base` = JSON.parse(prefix + 'null' + suffix). It returns a template only when that
 *   parse succeeds with `null` at `path` AND JSON.parse(prefix + '0' + suffix) succeeds with `0` at `path`: the two
 *   fills prove the span is the one value position that decides the value at `path` (a fill inside a string, a
 *   shadowed duplicate key or a number glued to its neighbours fails one of them). Undefined otherwise; never throws.
 * - Then, for any text equal to prefix + X + suffix, JSON.parse(text) is `base` with JSON.parse(X) at `path`,
 *   whenever X alone is valid JSON (JSON's grammar is context free: the surrounding tokens are the same, and the
 *   value position takes any value). `holeOf(template, text)` returns JSON.parse(X) in that case, else `MISS`
 *   (the text has another envelope, or X alone is not JSON): the caller then parses the whole text. So a template
 *   never changes an answer, only what gets parsed. `base` is shared: callers must never mutate it.
 * - A hole that is a JSON string with no backslash, quote or control character is its own value (`plainString`):
 *   it is sliced, not parsed. Anything else in the hole goes to JSON.parse.
 * - `HoleSet` keeps readers at several depths under one value (`root`, e.g. Chat's `choices[0].delta`; sub-paths
 *   such as `content`, most specific first): `readRoot` gives the root value through the first template that fits,
 *   rebuilt with `substitute` (only the objects on the path are copied), or MISS.
 * - `EnvelopeReader` decides when to build templates: after a frame that missed, at most once per `backoff` frames,
 *   the backoff doubling (to 256) while templates keep missing and resetting on a hit, so a stream whose envelope
 *   changes on every frame (a per-event sequence number) costs at most a few extra parses in total.
 * test/core/wire/envelope.test.ts checks adapters with and without templates give equal signals on random streams.
 */

import { valueSpan, type PathStep } from './json-span';
import { INVALID, parseData } from './read';

export { valueSpan, type PathStep };

export interface Template {
  readonly prefix: string;
  readonly suffix: string;
  /** The envelope parsed with `null` in the hole. Shared between frames; never mutated. */
  readonly base: unknown;
}

/** Returned by `holeOf` when the text does not fit the template (parse the whole text instead). */
export const MISS: unique symbol = Symbol('envelope-miss');

/** The value at `path`, or MISS when a step is missing or of the wrong kind. */
export function at(value: unknown, path: readonly PathStep[]): unknown {
  let v = value;
  for (const step of path) {
    if (typeof v !== 'object' || v === null) return MISS;
    if (typeof step === 'number' ? !Array.isArray(v) : Array.isArray(v)) return MISS;
    if (!Object.prototype.hasOwnProperty.call(v, step)) return MISS;
    v = (v as Record<PathStep, unknown>)[step];
  }
  return v;
}

/** JSON.parse (read.ts's parseData), or MISS when the text is not JSON. */
function tryParse(text: string): unknown {
  const v = parseData(text);
  return v === INVALID ? MISS : v;
}

/** A template for texts shaped like `text` with the value at `path` left open (see the contract), or undefined. */
export function makeTemplate(text: string, path: readonly PathStep[]): Template | undefined {
  const span = valueSpan(text, path);
  if (span === undefined) return undefined;
  const prefix = text.slice(0, span[0]);
  const suffix = text.slice(span[1]);
  const base = tryParse(prefix + 'null' + suffix);
  if (base === MISS || at(base, path) !== null) return undefined;
  const zero = tryParse(prefix + '0' + suffix);
  if (zero === MISS || at(zero, path) !== 0) return undefined;
  return { prefix, suffix, base };
}

/**
 * A JSON string literal with no escape (no backslash, no inner quote, no control character) is its own content:
 * the value JSON.parse would give, without calling it. Undefined for anything else.
 */
export function plainString(x: string): string | undefined {
  const last = x.length - 1;
  if (last < 1 || x.charCodeAt(0) !== 34 || x.charCodeAt(last) !== 34) return undefined;
  for (let i = 1; i < last; i++) {
    const c = x.charCodeAt(i);
    if (c === 34 || c === 92 || c < 32) return undefined;
  }
  return x.slice(1, last);
}

/** JSON.parse of the hole when `text` is prefix + X + suffix and X alone is JSON; else MISS. */
export function holeOf(t: Template, text: string): unknown {
  const p = t.prefix.length;
  const end = text.length - t.suffix.length;
  // lastIndexOf(prefix, 0) and indexOf(suffix, end) are the anchored comparisons; on V8 they are cheaper than
  // startsWith / endsWith on the sliced strings frames hold (docs/performance.md).
  if (end <= p || text.lastIndexOf(t.prefix, 0) !== 0 || text.indexOf(t.suffix, end) !== end) return MISS;
  const x = text.slice(p, end);
  return plainString(x) ?? tryParse(x);
}

/** Per-turn template state of one adapter (see the contract for the build schedule). */
export interface EnvelopeReader {
  readonly path: readonly PathStep[];
  readonly enabled: boolean;
  template: Template | undefined;
  /** Frames seen; a template is built after a miss only once `seen >= retryAt`. */
  seen: number;
  retryAt: number;
  backoff: number;
}

export function createReader(path: readonly PathStep[], enabled = true): EnvelopeReader {
  return { path, enabled, template: undefined, seen: 0, retryAt: 0, backoff: 1 };
}

/**
 * The hole of `text` under the reader's template (JSON.parse of the changing part), or MISS: then the caller
 * parses the whole text itself and hands it to `learn`.
 */
export function readHole(r: EnvelopeReader, text: string): unknown {
  r.seen++;
  if (r.template === undefined) return MISS;
  const hole = holeOf(r.template, text);
  if (hole !== MISS) r.backoff = 1;
  return hole;
}

/** After a miss: builds a template from this frame's text when the schedule allows. */
export function learn(r: EnvelopeReader, text: string): void {
  if (!r.enabled || r.seen < r.retryAt) return;
  // A frame of another shape (a usage-only chunk, a block stop) keeps the template the stream's deltas use.
  const t = makeTemplate(text, r.path);
  if (t !== undefined) r.template = t;
  r.retryAt = r.seen + r.backoff;
  r.backoff = Math.min(r.backoff * 2, 256);
}

/**
 * A copy of `base` with `value` at `path`: only the objects and arrays along the path are copied (shallowly), so
 * `base` stays untouched. What JSON.parse gives for the frame when `base` is a template's envelope and `value` its
 * parsed hole. Paths are the adapters' constants (never `__proto__`).
 */
export function substitute(base: unknown, path: readonly PathStep[], value: unknown, from = 0): unknown {
  if (from === path.length) return value;
  const step = path[from] as PathStep;
  if (Array.isArray(base)) {
    const copy = base.slice();
    copy[step as number] = substitute(base[step as number], path, value, from + 1);
    return copy;
  }
  const copy: Record<PathStep, unknown> = { ...(base as Record<PathStep, unknown>) };
  copy[step] = substitute((base as Record<PathStep, unknown>)[step], path, value, from + 1);
  return copy;
}

/**
 * Templates at several depths under one value of the envelope (`root`, e.g. Chat's `choices[0].delta`): a frame is
 * read by the first whose template fits, so a text chunk opens only its text, a tool-call chunk only its argument
 * fragment, anything else the whole root value. Every reader that misses may learn from the frame.
 */
export interface HoleSet {
  readonly root: readonly PathStep[];
  readonly subs: readonly (readonly PathStep[])[];
  readonly readers: readonly EnvelopeReader[];
  /** After a hit: the envelope of the template that fitted (shared, never mutated). */
  base: unknown;
  /** Per reader: the template whose root value is cached in `roots` (found once per template, not per frame). */
  readonly rootOf: (Template | undefined)[];
  readonly roots: unknown[];
}

/** `subs` are paths under `root`, most specific first; an empty sub-path reads the whole root value. */
export function createHoleSet(root: readonly PathStep[], subs: readonly (readonly PathStep[])[], enabled = true): HoleSet {
  const readers = subs.map((sub) => createReader([...root, ...sub], enabled));
  return { root, subs, readers, base: undefined, rootOf: readers.map(() => undefined), roots: readers.map(() => undefined) };
}

/**
 * The value at `root` of this frame as JSON.parse would give it, read through the first template that fits (then
 * `set.base` is that template's envelope), or MISS: parse the whole text.
 */
export function readRoot(set: HoleSet, text: string): unknown {
  const readers = set.readers;
  for (let i = 0; i < readers.length; i++) {
    const r = readers[i] as EnvelopeReader;
    const hole = readHole(r, text);
    if (hole !== MISS) {
      const t = r.template as Template;
      set.base = t.base;
      const sub = set.subs[i] as readonly PathStep[];
      if (sub.length === 0) return hole;
      if (set.rootOf[i] !== t) {
        set.rootOf[i] = t;
        set.roots[i] = at(t.base, set.root);
      }
      return substitute(set.roots[i], sub, hole);
    }
    learn(r, text);
  }
  return MISS;
}
