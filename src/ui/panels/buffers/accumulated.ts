/**
 * The text and reasoning a turn has streamed so far, for turns that open no buffer (a long answer, a thinking
 * phase): shown in the buffers panel in place of "no buffer yet".
 *
 * Contract: pure. `accumulatedOf(session, turn, kind)` lists, once per (session, turn, kind), the frames whose
 * `text` (or `reasoning`) signals add to the turn and how long the text is after each (numbers only: no text is
 * joined, so a turn of a million frames costs two typed arrays, not a copy of its text). `accumulatedAt(acc, f,
 * max)` is a binary search, then the signal texts of the last frames up to f until `max` characters are in (the
 * window at the end), so neither a seek nor the first render copies the whole text.
 */
import type { Session, SignalTable, TurnIndex } from '../../../core/types';
import { endSignal, firstSignal, signalText, SK, textLength } from '../../../core/wire/signal-table';

export type StreamKind = 'text' | 'reasoning';

export interface Accumulated {
  readonly signals: SignalTable;
  /** The signal kind code read (SK.text or SK.reasoning). */
  readonly code: number;
  /** Frames that added to the text, ascending, and the text's length after each. */
  readonly frames: Int32Array;
  readonly ends: Float64Array;
}

const cache = new WeakMap<Session, Map<string, Accumulated>>();

export function accumulatedOf(session: Session, turn: TurnIndex, kind: StreamKind): Accumulated {
  let perSession = cache.get(session);
  if (!perSession) cache.set(session, (perSession = new Map()));
  const id = `${turn}:${kind}`;
  const known = perSession.get(id);
  if (known) return known;
  const signals = session.signals;
  const code = kind === 'text' ? SK.text : SK.reasoning;
  const range = session.timings.find((t) => t.turn === turn)?.frames;
  const last = range ? Math.min(range[1], signals.frames - 1) : -1;
  const size = range ? Math.max(0, last - range[0] + 1) : 0;
  const frames = new Int32Array(size);
  const ends = new Float64Array(size);
  let n = 0;
  let length = 0;
  for (let i = range ? range[0] : 0; i <= last; i++) {
    const before = length;
    const end = endSignal(signals, i);
    for (let k = firstSignal(signals, i); k < end; k++) if (signals.kind[k] === code) length += textLength(signals, k);
    if (length > before) {
      frames[n] = i;
      ends[n++] = length;
    }
  }
  const acc: Accumulated = { signals, code, frames: frames.slice(0, n), ends: ends.slice(0, n) };
  perSession.set(id, acc);
  return acc;
}

export interface AccumulatedView {
  /** The window shown: the last `max` characters of what arrived by f. */
  shown: string;
  /** Characters arrived by f, and how many of them are left out before the window. */
  length: number;
  hidden: number;
}

export function accumulatedAt(acc: Accumulated, f: number, max = 4000): AccumulatedView {
  let lo = 0;
  let hi = acc.frames.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((acc.frames[mid] as number) <= f) lo = mid + 1;
    else hi = mid;
  }
  const length = lo === 0 ? 0 : (acc.ends[lo - 1] as number);
  const from = Math.max(0, length - max);
  // the texts of the last contributing frames, back to the one the window starts in
  const parts: string[] = [];
  let j = lo - 1;
  while (j >= 0 && (acc.ends[j] as number) > from) {
    const frame = acc.frames[j] as number;
    const end = endSignal(acc.signals, frame);
    const texts: string[] = [];
    for (let k = firstSignal(acc.signals, frame); k < end; k++) if (acc.signals.kind[k] === acc.code) texts.push(signalText(acc.signals, k));
    parts.push(texts.join(''));
    j--;
  }
  const start = j < 0 ? 0 : (acc.ends[j] as number);
  const window = parts.reverse().join('');
  return { shown: window.slice(from - start), length, hidden: from };
}
