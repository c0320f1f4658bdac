/**
 * One native match per frame for a template whose hole is a JSON string (template.ts builds and uses it).
 *
 * Contract: `matcherOf(t)` is a sticky regular expression that matches a text exactly when it is the template's
 * prefix (after its index's digits: 1 to 9 digits without a leading zero, when it has an index), a JSON string
 * literal (JSON.parse's grammar: no bare quote, backslash or control character, only its escapes), the suffix,
 * and, when it has a pad, a string without backslash, quote or control character then `padEnd`, and nothing after.
 * Those are the texts `holeStart` / `holeEnd` accept with a string literal as the hole (the pad's string is found
 * from the end there, and here it holds no quote, so both split the text at the same places), so `stringHole`
 * gives what `holeOf` gives for them: the literal's value (sliced when it holds no backslash, else decoded by
 * json-string.ts or, with a `\u` escape or when long, JSON.parse of it, which succeeds: the expression checked its
 * grammar), and the index in `found`. Every other text (another
 * envelope, a hole that is not a string) fails the match and takes `holeOf`'s general path, so the match only
 * decides faster, never differently. The expression compares the whole envelope in one native call instead of
 * several string searches and loops over characters per frame. Never throws (a failed match is a miss).
 * Used once `enableHoleMatchers()` has installed it (the workers, the CLI, the bench: template.ts says why).
 *
 * Also here (out of the page's first chunk with the matcher): the Anthropic adapter's envelope fast path.
 * `readKnown(state, set, out)`, after `findHole(set, data)` hit, writes the frame's signals and returns true when the
 * template that fitted is one whose envelope (`base`) says what every frame fitting it says, from its hole and open
 * index alone: an input_json_delta event with its index open whose hole is `partial_json` (`jsonDelta`); a tool_use
 * block start (`content_block.type` tool_use) with its index open whose hole is `content_block.id` (`toolStart`: the
 * name and input are the envelope's); a block stop whose hole is its index (`blockStopAt`). Those are the signals
 * the adapter's general path gives for the event it would rebuild (test/core/wire/anthropic-envelope.test.ts
 * compares with `{ envelopes: false }`). Otherwise false, nothing written: the adapter reads the frame as before.
 * `readIn(state, frames, i, out)`, installed as the adapter's `stepIn`, reads frame i the same way without its data
 * sliced out: the first template of the reader its SSE event name points to, when it is one of those three (a
 * delta's or start's once it has its matcher), is matched by its expression without the end anchor at the data's
 * range of the decoded text, the match ending where the data ends; then the same signals, else false, nothing
 * written (test/core/wire/anthropic-in-place.test.ts).
 */
import { decodeFrom, MAX_DECODED } from './json-string';
import type { Template } from './template';
import { installHoleMatcher } from './template-hole';
import type { SignalOut } from './signal-builder';
import type { HoleSet } from './envelope';
import { SIDE } from '../sse/frame-table';
import type { FrameTable } from '../types';
import { blockStopAt, jsonDelta, toolStart, type AnthropicState } from './anthropic-blocks';
import { anthropicMessages, installKnownReader } from './anthropic-messages';
import { keyOf, obj, str } from './read';

/** Regular-expression text matching `x` literally. */
const literally = (x: string): string => x.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/** A JSON string literal, as an unrolled loop (runs of plain characters, then one escape and its run). */
const LITERAL = '"[^"\\\\\\x00-\\x1f]*(?:\\\\(?:["\\\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\\\\\x00-\\x1f]*)*"';
/** The pad's string: no quote, backslash or control character. */
const PAD = '"[^"\\\\\\x00-\\x1f]*"';
const DIGITS = '(?:0|[1-9][0-9]{0,8})';

/** The template's expression without its end anchor (the hole: a string literal, or with `hole` that text). */
function sourceOf(t: Template, hole = LITERAL): string {
  const ix = t.index;
  let src = ix === undefined ? literally(t.prefix) : literally(ix.head) + DIGITS + literally(t.prefix);
  src += hole + literally(t.suffix);
  if (t.padEnd !== undefined) src += PAD + literally(t.padEnd);
  return src;
}

export function matcherOf(t: Template): RegExp {
  return new RegExp(sourceOf(t) + '$', 'y');
}

/** Whether `text` matches `re` (see the contract); false on any failure. */
export function matches(re: RegExp, text: string): boolean {
  re.lastIndex = 0;
  try {
    return re.test(text);
  } catch {
    return false;
  }
}

/** The hole's value of a text that `matches` the template's matcher; the index's number in `found`. */
export function stringHole(t: Template, text: string, found: { index: number } | undefined): string {
  const ix = t.index;
  let start = t.prefix.length;
  if (ix !== undefined) {
    let k = ix.head.length;
    let n = 0;
    for (let c = text.charCodeAt(k); c >= 48 && c <= 57; c = text.charCodeAt(++k)) n = n * 10 + (c - 48);
    if (found !== undefined) found.index = n;
    start += k;
  }
  let end: number;
  const padEnd = t.padEnd;
  if (padEnd === undefined) end = text.length - t.suffix.length;
  else {
    // the pad's string holds no quote: its opening quote is the first one back from its closing one
    let open = text.length - padEnd.length - 2;
    while (text.charCodeAt(open) !== 34) open--;
    end = open - t.suffix.length;
  }
  const slash = text.indexOf('\\', start + 1);
  if (slash < 0 || slash >= end) return text.slice(start + 1, end - 1);
  return (end - start <= MAX_DECODED ? decodeFrom(text, start + 1, slash, end - 1) : undefined) ?? (JSON.parse(text.slice(start, end)) as string);
}

/** Anthropic's envelope fast path (see the contract). */
/** The readers (anthropic-messages.ts DELTA_PARTS) whose hole is partial_json, a block start's id, a block's index. */
const JSON_READER = 1;
const START_READER = 2;
const INDEX_READER = 4;

const OTHER = 0;
const JSON_DELTA = 1;
const START = 2;
const STOP = 3;

interface Known {
  kind: number;
  /** START: the envelope's `content_block` (shared by the template: never written). */
  block: Record<string, unknown> | undefined;
  /**
   * For `readIn`: the template's expression matched at a frame's data in the decoded text (no end anchor: the match
   * must end where the data ends), once the template has its matcher (STOP: at once); undefined until then.
   */
  re: RegExp | undefined;
}

const KNOWN = new WeakMap<Template, Known>();

/** The template asked about last, and its answer: most frames come through one template. */
let lastTemplate: Template | undefined;
let lastKnown: Known = { kind: OTHER, block: undefined, re: undefined };

function knownOf(t: Template): Known {
  if (t === lastTemplate) return lastKnown;
  let known = KNOWN.get(t);
  if (known === undefined) {
    const base = obj(t.base);
    const type = base === undefined ? undefined : str(base.type);
    const block = base === undefined ? undefined : obj(base.content_block);
    const kind =
      base === undefined ? OTHER
      : type === 'content_block_delta' ? (t.index !== undefined && str(obj(base.delta)?.type) === 'input_json_delta' ? JSON_DELTA : OTHER)
      : type === 'content_block_start' ? (t.index !== undefined && block !== undefined && block.type === 'tool_use' ? START : OTHER)
      : type === 'content_block_stop' ? STOP
      : OTHER;
    known = { kind, block: kind === START ? block : undefined, re: undefined };
    KNOWN.set(t, known);
  }
  lastTemplate = t;
  lastKnown = known;
  return known;
}

export function readKnown(state: AnthropicState, set: HoleSet, out: SignalOut): boolean {
  const hit = set.hit;
  if (hit !== JSON_READER && hit !== START_READER && hit !== INDEX_READER) return false;
  const r = set.readers[hit] as HoleSet['readers'][number];
  const known = knownOf(r.template as Template);
  const kind = known.kind;
  const hole = set.hole;
  if (kind === JSON_DELTA && hit === JSON_READER && typeof hole === 'string') jsonDelta(state, r.index, keyOf(r.index) as string, hole, out);
  else if (kind === START && hit === START_READER) out.push(toolStart(state, r.index, hole, known.block as Record<string, unknown>));
  else if (kind === STOP && hit === INDEX_READER && keyOf(hole) !== undefined) out.push(blockStopAt(state, hole as number));
  else return false;
  return true;
}

/** `text.slice(start + 1, end - 1)`'s value, for a JSON string literal text[start, end) that a matcher checked. */
function literalAt(text: string, start: number, end: number): string {
  const last = end - 1;
  for (let i = start + 1; i < last; i++)
    if (text.charCodeAt(i) === 92) return (end - start <= MAX_DECODED ? decodeFrom(text, start + 1, i, last) : undefined) ?? (JSON.parse(text.slice(start, end)) as string);
  return text.slice(start + 1, last);
}

/** The in-place expression of template `t` of reader `hit` when its `known` kind is read by `readIn`, else undefined. */
function inPlaceOf(t: Template, known: Known, hit: number): RegExp | undefined {
  const kind = known.kind;
  if (known.re !== undefined) return known.re;
  if (kind === STOP && hit === INDEX_READER && t.index === undefined) known.re = new RegExp(sourceOf(t, DIGITS), 'y');
  else if (((kind === JSON_DELTA && hit === JSON_READER) || (kind === START && hit === START_READER)) && t.fast?.re !== undefined) known.re = new RegExp(sourceOf(t), 'y');
  return known.re;
}

/** The reader whose templates a frame of this SSE event name is tried with in place. */
const readerOfEvent = (event: string): number => (event === 'content_block_stop' ? INDEX_READER : event === 'content_block_start' ? START_READER : JSON_READER);

/**
 * `readerOfEvent` per entry of the last frame table's `events` (its event names, by index): the names are compared
 * once per table, not once per frame (two names of the same length compare their characters).
 */
let eventNames: readonly string[] = [];
const eventReaders: number[] = [];

function readerOf(frames: FrameTable, i: number): number {
  const names = frames.events;
  if (names !== eventNames) {
    eventNames = names;
    eventReaders.length = 0;
    for (const name of names) eventReaders.push(readerOfEvent(name));
  }
  return eventReaders[frames.event[i] as number] ?? JSON_READER;
}

/**
 * The adapter's `stepIn`: frame i read in place in the decoded text through the first template of the reader its
 * event name points to, when that template is one `readKnown` reads and its expression matches the frame's whole
 * data there: the signals `readKnown` writes for it (the hole read from the text); else false, nothing written.
 */
export function readIn(state: AnthropicState, frames: FrameTable, i: number, out: SignalOut): boolean {
  const hit = readerOf(frames, i);
  const r = state.holes.readers[hit];
  const t = r === undefined ? undefined : r.template;
  if (r === undefined || t === undefined) return false;
  const known = knownOf(t);
  const re = inPlaceOf(t, known, hit);
  if (re === undefined) return false;
  const p = frames.piece[i] as number;
  const text = p >= SIDE ? frames.side : (frames.pieces[p] as string);
  const from = frames.dataStart[i] as number;
  const to = frames.dataEnd[i] as number;
  re.lastIndex = from;
  if (!re.test(text) || re.lastIndex !== to) return false;
  // as readHole notes a fit
  r.seen++;
  if (t === r.built) r.builtHit = true;
  let k = from + (t.index === undefined ? t.prefix.length : t.index.head.length);
  let n = 0;
  for (let c = text.charCodeAt(k); c >= 48 && c <= 57; c = text.charCodeAt(++k)) n = n * 10 + (c - 48);
  if (known.kind === STOP) out.push(blockStopAt(state, n));
  else {
    const hole = literalAt(text, k + t.prefix.length, to - t.suffix.length);
    if (known.kind === JSON_DELTA) jsonDelta(state, n, keyOf(n) as string, hole, out);
    else out.push(toolStart(state, n, hole, known.block as Record<string, unknown>));
  }
  return true;
}

/**
 * Installs this matcher for every template (template.ts `installHoleMatcher`), and the Anthropic adapter's envelope
 * fast path (`readKnown`); idempotent.
 */
export function enableHoleMatchers(): void {
  installHoleMatcher({ matcherOf, matches, stringHole });
  installKnownReader(readKnown);
  anthropicMessages.stepIn = readIn;
}
