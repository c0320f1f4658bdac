/**
 * The learner's `assemble(events, out)` run over a recording's turns, and the lock-down of the realm it runs in.
 * Used by the exercise worker (learner.worker.ts), which is the only place the learner's code is evaluated; the
 * functions here take what they use (the parser, the limits) as arguments, so tests run them in Node too.
 *
 * Contract: `runTurns` calls `assemble` once per turn with a fresh `out` and an `events` iterable of that turn's
 * `{ frame, event, data }` (data: the event's JSON, or its text where it is not JSON). Every action `out` takes is
 * stamped with the frame of the event the iteration is at (the turn's first frame before it starts, its last frame,
 * the stream end, once it is done). It never throws: a turn whose `assemble` throws is logged in `thrown` and the
 * next turn runs; passing a limit (text, attempts, calls, buffers) stops the whole run with an 'output' error, even
 * if the learner's code catches what `out` throws. `lockDown` deletes from a global scope every name the learner's
 * code does not need (all of the network: fetch, XMLHttpRequest, WebSocket, EventSource, importScripts, Worker,
 * caches, indexedDB...; only ECMAScript's own globals and `console` are kept) and takes away every way to turn a
 * string into code (eval, Function and the constructors of async and generator functions), so the only code that
 * runs is the text `forbiddenWord` checked: without `import` in it, no module can be fetched either.
 */
import type { LearnerError, LearnerOutcome, LearnerTrace, LearnerTurn } from '../core/strategies/learner';

export interface Limits {
  /** Characters appended to buffers over the whole run. */
  maxChars: number;
  maxAttempts: number;
  maxCalls: number;
  maxBuffers: number;
}

export const LIMITS: Limits = { maxChars: 4_000_000, maxAttempts: 200_000, maxCalls: 10_000, maxBuffers: 10_000 };

/** The file name the learner's code is evaluated under: its stack lines read `learner.js:LINE:COLUMN`. */
export const LEARNER_FILE = 'learner.js';

export type Assemble = (events: Iterable<unknown>, out: unknown) => unknown;

class LimitReached extends Error {}

const clip = (s: string, n: number): string => (s.length > n ? s.slice(0, n) : s);

/** The line and column of the learner's code in an error's stack (its first `learner.js:L:C`). */
export function positionIn(stack: string): { line: number; column: number } | undefined {
  const m = new RegExp(`${LEARNER_FILE.replace('.', '\\.')}:(\\d+):(\\d+)`).exec(stack);
  return m ? { line: Number(m[1]), column: Number(m[2]) } : undefined;
}

/** What a thrown value says: its message and, from its stack, where in the learner's code it was thrown. */
export function describeThrown(e: unknown): { message: string; line?: number; column?: number } {
  try {
    if (e instanceof Error) {
      const at = typeof e.stack === 'string' ? positionIn(e.stack) : undefined;
      const message = clip(`${e.name}: ${e.message}`, 2000);
      return at ? { message, ...at } : { message };
    }
    return { message: clip(String(e), 2000) };
  } catch {
    return { message: 'an exception that could not be read' };
  }
}

/** The first place the word `import` appears (the one way to load code that lockDown cannot take away). */
export function forbiddenWord(code: string): { line: number; column: number } | undefined {
  const m = /\bimport\b/.exec(code);
  if (!m) return undefined;
  const before = code.slice(0, m.index).split('\n');
  return { line: before.length, column: (before[before.length - 1] ?? '').length + 1 };
}

export function runTurns(assemble: Assemble, turns: readonly LearnerTurn[], parse: (text: string) => unknown, stringify: (v: unknown) => string | undefined, limits: Limits = LIMITS): LearnerOutcome {
  const trace: LearnerTrace = { buffers: [], attempts: [], calls: [], thrown: [] };
  let chars = 0;
  let stopped: LearnerError | undefined;
  let firstError: LearnerError | undefined;
  const stop = (what: string): never => {
    stopped ??= { kind: 'output', message: what };
    throw new LimitReached(what);
  };
  let finished = 0;
  for (const turn of turns) {
    let frame = turn.events[0]?.frame ?? turn.end;
    const mine = new Map<string, number>();
    const bufferOf = (key: unknown): number => {
      if (stopped) stop(stopped.message);
      const k = clip(String(key), 200);
      let b = mine.get(k);
      if (b === undefined) {
        if (trace.buffers.length >= limits.maxBuffers) stop(`buffers > ${limits.maxBuffers}`);
        b = trace.buffers.length;
        trace.buffers.push({ turn: turn.turn, key: k, text: '', fragments: [] });
        mine.set(k, b);
      }
      return b;
    };
    const out = Object.freeze({
      append(key: unknown, text: unknown): void {
        const b = trace.buffers[bufferOf(key)] as LearnerTrace['buffers'][number];
        const t = String(text);
        chars += t.length;
        if (chars > limits.maxChars) stop(`characters > ${limits.maxChars}`);
        const start = b.text.length;
        b.text += t;
        b.fragments.push([frame, start, b.text.length]);
      },
      text(key: unknown): string {
        return trace.buffers[bufferOf(key)]?.text ?? '';
      },
      parse(key: unknown): unknown {
        const id = bufferOf(key);
        const text = trace.buffers[id]?.text ?? '';
        if (trace.attempts.length >= limits.maxAttempts) stop(`parse attempts > ${limits.maxAttempts}`);
        try {
          const value = parse(text);
          trace.attempts.push({ frame, turn: turn.turn, buffer: id, end: text.length, ok: true });
          return value;
        } catch (e) {
          trace.attempts.push({ frame, turn: turn.turn, buffer: id, end: text.length, ok: false, error: clip(e instanceof Error ? e.message : String(e), 2000) });
          return undefined;
        }
      },
      call(name: unknown, args: unknown, id?: unknown): void {
        if (stopped) stop(stopped.message);
        if (trace.calls.length >= limits.maxCalls) stop(`calls > ${limits.maxCalls}`);
        let text: string;
        if (typeof args === 'string') text = args;
        else {
          try {
            text = stringify(args) ?? String(args);
          } catch {
            text = String(args);
          }
        }
        chars += text.length;
        if (chars > limits.maxChars) stop(`characters > ${limits.maxChars}`);
        trace.calls.push({ turn: turn.turn, frame, name: clip(String(name), 1000), id: id === undefined || id === null ? '' : clip(String(id), 200), args: text });
      },
    });
    const list = turn.events;
    const events = Object.freeze({
      [Symbol.iterator]() {
        let i = 0;
        return {
          next() {
            const e = list[i++];
            if (e === undefined) {
              frame = turn.end;
              return { value: undefined, done: true };
            }
            frame = e.frame;
            let data: unknown;
            try {
              data = parse(e.text);
            } catch {
              data = e.text;
            }
            return { value: { frame: e.frame, event: e.event, data }, done: false };
          },
          [Symbol.iterator]() {
            return this;
          },
        };
      },
    });
    try {
      assemble(events, out);
    } catch (e) {
      if (!stopped) {
        const d = describeThrown(e);
        trace.thrown.push({ turn: turn.turn, message: d.message });
        firstError ??= { kind: 'exception', ...d, turn: turn.turn, frame };
      }
    }
    if (stopped) return { trace, error: stopped, finished };
    finished++;
  }
  return firstError ? { trace, error: firstError, finished } : { trace, finished };
}

const KEEP = new Set([
  'Object', 'Array', 'Number', 'parseFloat', 'parseInt', 'Infinity', 'NaN', 'undefined', 'Boolean', 'String', 'Symbol', 'Date', 'Promise', 'RegExp',
  'Error', 'AggregateError', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError', 'globalThis', 'JSON', 'Math', 'Intl',
  'ArrayBuffer', 'Uint8Array', 'Int8Array', 'Uint16Array', 'Int16Array', 'Uint32Array', 'Int32Array', 'Float32Array', 'Float64Array', 'Float16Array',
  'Uint8ClampedArray', 'BigUint64Array', 'BigInt64Array', 'DataView', 'Map', 'BigInt', 'Set', 'WeakMap', 'WeakSet', 'Proxy', 'Reflect', 'WeakRef',
  'FinalizationRegistry', 'Iterator', 'decodeURI', 'decodeURIComponent', 'encodeURI', 'encodeURIComponent', 'escape', 'unescape', 'isFinite', 'isNaN',
  'console', 'TextEncoder', 'TextDecoder',
]);

/**
 * Deletes every global but KEEP's from `scope` and every property of the objects on its prototype chain (the web
 * platform's interfaces: postMessage, addEventListener...), and takes the constructor away from the prototypes of
 * ordinary, async, generator and async generator functions. Returns the names it could not remove (none, in the
 * browsers tested: test/e2e/exercise-sandbox.test.ts asks).
 */
export function lockDown(scope: object): string[] {
  const left: string[] = [];
  const strip = (o: object, keep: (k: PropertyKey) => boolean): void => {
    for (const k of Reflect.ownKeys(o)) {
      if (keep(k)) continue;
      if (!Reflect.deleteProperty(o, k)) {
        try {
          Object.defineProperty(o, k, { value: undefined, writable: false, configurable: false });
        } catch {
          left.push(String(k));
        }
      }
    }
  };
  strip(scope, (k) => typeof k === 'string' && KEEP.has(k));
  for (let p = Object.getPrototypeOf(scope) as object | null; p !== null && p !== Object.prototype; p = Object.getPrototypeOf(p) as object | null) strip(p, () => false);
  const kinds = [function () {}, async function () {}, function* () {}, async function* () {}];
  for (const f of kinds) Object.defineProperty(Object.getPrototypeOf(f), 'constructor', { value: undefined, writable: false, configurable: false });
  return left;
}
