/**
 * Reading untrusted JSON from a frame's data, for the wire adapters.
 *
 * Contract: pure, total functions. `parseData` runs `JSON.parse` exactly once and never throws (a frame whose data
 * is not JSON yields `INVALID`); the field readers return `undefined` for a missing field or a wrong type, so an
 * adapter can say "malformed" instead of crashing. `ignored` builds the one signal shape adapters use for frames
 * that carry nothing an assembly strategy needs.
 */
import type { Signal } from '../types';
import type { SignalOut } from './signal-builder';
import { stringifyDeep } from './safe-json';

export type Obj = Record<string, unknown>;

/** Returned by `parseData` when the data is not JSON. */
export const INVALID: unique symbol = Symbol('invalid-json');

export function parseData(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return INVALID;
  }
}

export function obj(v: unknown): Obj | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : undefined;
}

export function arr(v: unknown): readonly unknown[] | undefined {
  return Array.isArray(v) ? v : undefined;
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** A non-empty string, else undefined (providers send `id: ""` on continuation chunks). */
export function nonEmpty(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** A finite number, else undefined. */
export function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** Key strings by index, dense, grown on demand up to KEPT_KEYS (strings are immutable, so sharing is safe). */
const KEYS: string[] = Array.from({ length: 256 }, (_, i) => String(i));
const KEPT_KEYS = 1 << 16;

/**
 * A call key from a numeric index (non-negative integers), else undefined. Indices below 65,536 reuse one string
 * each, so a frame's key costs no allocation (and its hash is computed once, for the Maps keyed by it).
 */
export function keyOf(v: unknown): string | undefined {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) return undefined;
  if (v >= KEPT_KEYS) return String(v);
  while (KEYS.length <= v) KEYS.push(String(KEYS.length));
  return KEYS[v];
}

export type Ignored = Extract<Signal, { kind: 'ignored' }>;

/**
 * One frame's signals as objects (`SignalOut`, signal-builder.ts): a scratch array reused from frame to frame, for
 * the few places that need a frame's signals as a list (the Chat adapter's template probe, `isTerminal` on one
 * frame). `begin` empties it; `take` copies what it holds into an exact-size array.
 */
export interface Scratch extends SignalOut {
  begin(): Scratch;
  take(): Signal[];
}

export function createSink(): Scratch {
  const buf: Signal[] = [];
  let n = 0;
  const sink: Scratch = {
    push(s) {
      buf[n++] = s;
    },
    text(text) {
      buf[n++] = { kind: 'text', text };
    },
    reasoning(text) {
      buf[n++] = { kind: 'reasoning', text };
    },
    args(key, text) {
      buf[n++] = { kind: 'args', key, text };
    },
    get length() {
      return n;
    },
    begin() {
      n = 0;
      return sink;
    },
    take() {
      return buf.slice(0, n);
    },
  };
  return sink;
}

export function ignored(why: string): Ignored {
  return { kind: 'ignored', why };
}

/** Shared (never mutated) signals for the reasons every wire can give. */
export const INVALID_JSON: Ignored = ignored('invalid-json');

/** `data: [DONE]`: Chat's terminator, which some Responses, Anthropic and Gemini gateways send too (the SDKs skip it). */
export const DONE: Ignored = ignored('done');

/** `[DONE]` with optional surrounding whitespace, checked without allocating. */
export function isDone(data: string): boolean {
  let a = 0;
  let b = data.length;
  while (a < b && data.charCodeAt(a) <= 32) a++;
  while (b > a && data.charCodeAt(b - 1) <= 32) b--;
  return b - a === 6 && data.startsWith('[DONE]', a);
}
export const NOT_AN_OBJECT: Ignored = ignored('not-an-object');

export const UNKNOWN_EVENT = 'unknown-event:';
export const MALFORMED = 'malformed:';

/** `unknown-event:<type>`; a missing type reads `unknown-event:(none)`. */
export function unknownEvent(type: string | undefined): Ignored {
  return ignored(UNKNOWN_EVENT + (type ?? '(none)'));
}

/** `malformed:<where>`: a field the wire requires is missing or of the wrong type, e.g. `malformed:content_block_delta.index`. */
export function malformed(where: string): Ignored {
  return ignored(MALFORMED + where);
}

/** Usage signal from optional token counts; undefined when neither is a number. */
export function usage(inputTokens: unknown, outputTokens: unknown): Signal | undefined {
  const i = num(inputTokens);
  const o = num(outputTokens);
  if (i === undefined && o === undefined) return undefined;
  // one shape (the builder reads an undefined count as absent), so that its map, held by the literal, outlives a run
  return { kind: 'usage', inputTokens: i, outputTokens: o };
}

/** An error signal from a provider's error object or string. */
export function errorSignal(e: unknown, fallbackType?: string): Signal {
  const o = obj(e);
  if (o === undefined) {
    const message = typeof e === 'string' ? e : clip(stringifyDeep(e));
    return fallbackType === undefined ? { kind: 'error', message } : { kind: 'error', message, errorType: fallbackType };
  }
  const message = str(o.message) ?? clip(stringifyDeep(o));
  const type = str(o.type) ?? str(o.status) ?? str(o.code) ?? (typeof o.code === 'number' ? String(o.code) : fallbackType);
  return type === undefined ? { kind: 'error', message } : { kind: 'error', message, errorType: type };
}

/** An error object shown as its JSON, cut to a readable length. */
function clip(text: string): string {
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}
