/**
 * Envelope templates: `JSON.parse` only the part of a frame's data that changes from frame to frame.
 *
 * Streaming providers wrap every chunk in the same envelope. A Chat chunk repeats `id`, `object`, `created`,
 * `model`, `system_fingerprint`, `choices[0].index`, `logprobs` and `finish_reason`; only `choices[0].delta`
 * changes. An Anthropic `content_block_delta` repeats `type` and `index`; only `delta` changes. Parsing the whole
 * envelope again on every frame is most of what loading costs.
 *
 * Contract:
 * - Templates (template.ts): the text before and after the value at a path, proven by two fills; a frame that fits
 *   has only that value parsed (or sliced, for a string without escapes), and JSON.parse of the frame is the
 *   template's `base` with that value there, so a template never changes an answer, only what gets parsed. A
 *   template may also leave open a pad (a string after the value that changes on every frame: OpenAI's
 *   `obfuscation`) and an index (an integer before it: Chat's `tool_calls[0].index`).
 * - `HoleSet` keeps readers at several depths under one value (`root`, e.g. Chat's `choices[0].delta`; sub-paths
 *   such as `content`, most specific first): `readRoot` gives the root value through a template that fits,
 *   rebuilt with `substitute` (only the objects on the path are copied), or MISS. The readers that fitted recent
 *   frames (`recent`, at most three, the most frequent first; never the last and most general reader, which is
 *   tried only after every other one missed) have all their templates tried before the readers in order; any
 *   template that fits gives the same value.
 * - `EnvelopeReader` decides when to build templates: after a frame that missed, at most once per `backoff` frames,
 *   the backoff doubling (to 256) while the templates it builds go unused and resetting once the last one built
 *   fitted a frame, so a stream whose envelope changes on every frame (a per-event sequence number) costs at most a
 *   few extra parses in total, and so do frames of a one-off shape among frames that fit (a call's first chunk).
 *   A reader keeps its last `KEPT` templates, newest or last hit first (the envelopes of a few shapes alternate);
 *   a template no frame fitted before the next build is dropped then (a one-off: a call's first chunk, whose id
 *   and name are in its envelope), so misses do not try a pile of them.
 * - A HoleSet made with an `index` (a sub-path under the root) gives readers whose path lies beside it (Chat's
 *   arguments beside `tool_calls[0].index`, Anthropic's `content_block` and `delta` beside `index`) templates that
 *   leave that integer open; `readRoot` puts the frame's
 *   number back at its place in the root value it returns. `set.base` is read for what lies outside the root only
 *   (its root value is the template's).
 * - A set also holds, never reading them, the last root value each reader built (`built`) and the first frames the
 *   adapter parsed whole (`noteParsed`): only so that their maps outlive a run (index.ts `kept`).
 * test/core/wire/envelope.test.ts checks adapters with and without templates give equal signals on random streams.
 */

import type { PathStep } from './json-span';
import { at, MISS, type Template } from './template';

export type { PathStep } from './json-span';
export { at, MISS, plainString, type Template } from './template';

/** Making templates and reading through them (template-make.ts `makeTemplate`, template-hole.ts `holeOf`). */
export interface TemplateCode {
  make: (text: string, path: readonly PathStep[], pad?: readonly PathStep[], indexPath?: readonly PathStep[]) => Template | undefined;
  holeOf: (t: Template, text: string, found?: { index: number }) => unknown;
}

let templates: TemplateCode | undefined;

/**
 * Installs the templates' code. Until then `learn` builds nothing (so `readHole` never has a template to read
 * through) and every frame is parsed whole (what a template gives is the same value), so a page that analyses
 * only small recordings inline (at most 512 KiB: worker/client.ts) does not carry that code; the CLI, the
 * workers, the lab and the tests install it (core/wires/all.ts imports core/learning.ts).
 */
export function installTemplates(code: TemplateCode): void {
  templates = code;
}

/** Per-turn template state of one adapter (see the contract for the build schedule). */
export interface EnvelopeReader {
  readonly path: readonly PathStep[];
  /** A string member that may change on every frame (template.ts: a pad), if the wire has one. */
  readonly pad: readonly PathStep[] | undefined;
  /** An integer member before the hole left open (template.ts: an index), if any. */
  readonly indexPath: readonly PathStep[] | undefined;
  /** After a hit through a template with an index: the frame's integer there. */
  index: number;
  readonly enabled: boolean;
  /** The template tried first (the last one that fitted or was built). */
  template: Template | undefined;
  /** Older templates, tried after `template`, most recent first (at most KEPT - 1). */
  readonly older: Template[];
  /** Frames seen; a template is built after a miss only once `seen >= retryAt`. */
  seen: number;
  retryAt: number;
  backoff: number;
  /** The template the last build made (undefined when it made none), and whether a frame has fitted it since. */
  built: Template | undefined;
  builtHit: boolean;
}

export function createReader(path: readonly PathStep[], enabled = true, pad?: readonly PathStep[], indexPath?: readonly PathStep[]): EnvelopeReader {
  return { path, pad, indexPath, index: -1, enabled, template: undefined, older: [], seen: 0, retryAt: 0, backoff: 1, built: undefined, builtHit: false };
}

/**
 * The hole of `text` under the reader's template (JSON.parse of the changing part), or MISS: then the caller
 * parses the whole text itself and hands it to `learn`.
 */
export function readHole(r: EnvelopeReader, text: string): unknown {
  r.seen++;
  const first = r.template;
  if (first === undefined) return MISS;
  // a template exists only where the code that made it was installed
  const holeOf = (templates as TemplateCode).holeOf;
  let hole = holeOf(first, text, r);
  if (hole === MISS) {
    const older = r.older;
    for (let i = 0; i < older.length && hole === MISS; i++) {
      const t = older[i] as Template;
      hole = holeOf(t, text, r);
      if (hole !== MISS) {
        // the one that fitted goes first; the one it displaces takes its place
        older[i] = first;
        r.template = t;
      }
    }
    if (hole === MISS) return MISS;
  }
  if (r.template === r.built) r.builtHit = true;
  return hole;
}

/** How many templates a reader keeps (four parallel calls, each with its own index, plus one). */
export const KEPT = 5;

/**
 * Frames longer than this are never learned from: building a template walks the text once per path step and per
 * reader (a 50 MB chunk cost 3.9 s of the 4.5 s its adapter took), and a frame that large is parsed whole anyway.
 */
export const LEARN_MAX = 256 * 1024;

/** After a miss: builds a template from this frame's text when the schedule allows (and it is not LEARN_MAX long). */
export function learn(r: EnvelopeReader, text: string): void {
  const build = templates?.make;
  if (build === undefined || !r.enabled || r.seen < r.retryAt || text.length > LEARN_MAX) return;
  // the last build, if no frame has fitted it since: a one-off (a call's first chunk), dropped for the new one
  const stale = r.builtHit ? undefined : r.built;
  if (r.builtHit) r.backoff = 1;
  r.builtHit = false;
  // A frame of another shape (a usage-only chunk, a block stop) keeps the template the stream's deltas use.
  const t = build(text, r.path, r.pad, r.indexPath);
  if (t !== undefined) {
    if (stale !== undefined) forget(r, stale);
    if (r.template !== undefined) {
      r.older.unshift(r.template);
      if (r.older.length >= KEPT) r.older.pop();
    }
    r.template = t;
  }
  r.built = t;
  r.retryAt = r.seen + r.backoff;
  r.backoff = Math.min(r.backoff * 2, 256);
}

/** Removes template `t` from the reader (first or older). */
function forget(r: EnvelopeReader, t: Template): void {
  if (r.template === t) r.template = r.older.shift();
  else {
    const i = r.older.indexOf(t);
    if (i >= 0) r.older.splice(i, 1);
  }
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
  /** After a hit (`findHole`): which reader's template fitted, and the hole's value (not yet put in the root). */
  hit: number;
  hole: unknown;
  /** Per reader: the template whose root value is cached in `roots` (found once per template, not per frame). */
  readonly rootOf: (Template | undefined)[];
  readonly roots: unknown[];
  /** Per reader: the index's path under the root when its templates leave one open. */
  readonly indexSubs: (readonly PathStep[] | undefined)[];
  /**
   * Readers that fitted frames recently, the most frequent first (at most RECENT_READERS): their templates are
   * tried before the readers in order. The last reader, the most general, is never among them: it fits most
   * frames of the other readers' shapes too, and would take them (tried before a reader that had left `recent`,
   * it took every frame of that reader's shape from then on).
   */
  readonly recent: number[];
  /**
   * Per reader: the last root value `rootValue` built, never read: the copies' maps then outlive a run while the
   * set is kept (index.ts `kept`), and so does the optimized code of the adapters that read them.
   */
  readonly built: unknown[];
  /** The first few frames of the set's run that no template fitted, as the adapter parsed them: kept like `built`. */
  readonly parsed: unknown[];
}

const RECENT_READERS = 3;

/**
 * Reader `i` fitted a frame: found at `j` in `set.recent`, it moves up one place (so the shape most frames have
 * stays first while a few other shapes alternate behind it); not there, it joins at the end (the last one leaves).
 * The general reader (the last) is never noted.
 */
function noteHit(set: HoleSet, i: number, j: number): void {
  const recent = set.recent;
  if (i === set.readers.length - 1) return;
  if (j > 0) {
    recent[j] = recent[j - 1] as number;
    recent[j - 1] = i;
    return;
  }
  if (recent.length === RECENT_READERS) recent.pop();
  recent.push(i);
}

/** Whether `path` goes through `index`'s parent, and not through the index: the index lies beside the value. */
function beside(index: readonly PathStep[], path: readonly PathStep[]): boolean {
  const parent = index.length - 1;
  if (path.length <= parent || path[parent] === index[parent]) return false;
  for (let i = 0; i < parent; i++) if (path[i] !== index[i]) return false;
  return true;
}

/**
 * `subs` are paths under `root`, most specific first; an empty sub-path reads the whole root value. `pad`: a
 * string member that may change on every frame; `index`: an integer member under the root (see the contract).
 */
export function createHoleSet(
  root: readonly PathStep[],
  subs: readonly (readonly PathStep[])[],
  enabled = true,
  pad?: readonly PathStep[],
  index?: readonly PathStep[],
): HoleSet {
  const indexSubs = subs.map((sub) => (index !== undefined && beside(index, sub) ? index : undefined));
  const readers = subs.map((sub, i) => {
    const ix = indexSubs[i];
    return createReader([...root, ...sub], enabled, pad, ix === undefined ? undefined : [...root, ...ix]);
  });
  return { root, subs, readers, base: undefined, hit: -1, hole: undefined, rootOf: readers.map(() => undefined), roots: readers.map(() => undefined), indexSubs, recent: [], built: [], parsed: [] };
}

/**
 * Whether a template of the set fits this frame (see `readRoot`): then `set.hit`, `set.hole` and `set.base` say
 * which, what its hole holds and the envelope, and `rootValue(set)` builds the root value. Readers that missed
 * before the one that fitted may learn from the frame.
 */
export function findHole(set: HoleSet, text: string): boolean {
  const readers = set.readers;
  // Most frames fit a template that fitted a frame just before: try those first.
  const recent = set.recent;
  const m = recent.length;
  for (let j = 0; j < m; j++) {
    const i = recent[j] as number;
    const r = readers[i] as EnvelopeReader;
    // all of the reader's templates: its first may be a one-off (a call's first chunk) that hides the usual one
    const hole = readHole(r, text);
    if (hole !== MISS) {
      set.base = (r.template as Template).base;
      set.hit = i;
      set.hole = hole;
      if (j > 0) noteHit(set, i, j);
      return true;
    }
  }
  for (let i = 0; i < readers.length; i++) {
    const r = readers[i] as EnvelopeReader;
    // a reader in `recent` had its templates matched above, and they missed
    const hole = m > 0 && recent.indexOf(i) >= 0 ? MISS : readHole(r, text);
    if (hole !== MISS) {
      set.base = (r.template as Template).base;
      set.hit = i;
      set.hole = hole;
      noteHit(set, i, -1);
      return true;
    }
    learn(r, text);
  }
  set.hit = -1;
  return false;
}

/** A frame no template of the set fitted, parsed whole by the adapter: the set keeps the first four (see `parsed`). */
export function noteParsed(set: HoleSet, value: unknown): void {
  if (set.parsed.length < 4) set.parsed.push(value);
}

/** After `findHole` returned true: the value at `root` of that frame as JSON.parse would give it. */
export function rootValue(set: HoleSet): unknown {
  const i = set.hit;
  const r = set.readers[i] as EnvelopeReader;
  const t = r.template as Template;
  const sub = set.subs[i] as readonly PathStep[];
  if (sub.length === 0) return set.hole;
  if (set.rootOf[i] !== t) {
    set.rootOf[i] = t;
    set.roots[i] = at(t.base, set.root);
  }
  const value = substitute(set.roots[i], sub, set.hole);
  const ix = t.index;
  // the index's path under the root is the reader's when its template has one
  return (set.built[i] = ix === undefined || ix.value === r.index ? value : substitute(value, set.indexSubs[i] as readonly PathStep[], r.index));
}

/**
 * The value at `root` of this frame as JSON.parse would give it, read through the first template that fits (then
 * `set.base` is that template's envelope), or MISS: parse the whole text.
 */
export function readRoot(set: HoleSet, text: string): unknown {
  return findHole(set, text) ? rootValue(set) : MISS;
}
