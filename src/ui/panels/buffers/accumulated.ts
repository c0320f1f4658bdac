/**
 * The text and reasoning a turn has streamed so far, for turns that open no buffer (a long answer, a thinking
 * phase): shown in the buffers panel in place of "no buffer yet".
 *
 * Contract: pure. `accumulatedOf(session, turn, kind)` concatenates the turn's `text` (or `reasoning`) signals once
 * per (session, turn, kind) and keeps, per contributing frame, where its piece ends; `accumulatedAt(acc, f, max)`
 * is a binary search plus one slice of at most `max` characters (the window at the end), so a seek never copies
 * the whole text.
 */
import type { Session, TurnIndex } from '../../../core/types';
import { endSignal, firstSignal, signalText, SK, textLength } from '../../../core/wire/signal-table';

export type StreamKind = 'text' | 'reasoning';

export interface Accumulated {
  text: string;
  /** Frames that added to `text`, ascending, and the end offset in `text` after each. */
  frames: Int32Array;
  ends: Int32Array;
}

const EMPTY: Accumulated = { text: '', frames: new Int32Array(0), ends: new Int32Array(0) };
const cache = new WeakMap<Session, Map<string, Accumulated>>();

export function accumulatedOf(session: Session, turn: TurnIndex, kind: StreamKind): Accumulated {
  let perSession = cache.get(session);
  if (!perSession) cache.set(session, (perSession = new Map()));
  const id = `${turn}:${kind}`;
  const known = perSession.get(id);
  if (known) return known;
  const range = session.timings.find((t) => t.turn === turn)?.frames;
  let acc = EMPTY;
  if (range) {
    const parts: string[] = [];
    const frames: number[] = [];
    const ends: number[] = [];
    let length = 0;
    const signals = session.signals;
    const code = kind === 'text' ? SK.text : SK.reasoning;
    for (let i = range[0]; i <= range[1] && i < signals.frames; i++) {
      let added = false;
      const end = endSignal(signals, i);
      for (let k = firstSignal(signals, i); k < end; k++) {
        if (signals.kind[k] === code && textLength(signals, k) > 0) {
          const text = signalText(signals, k);
          parts.push(text);
          length += text.length;
          added = true;
        }
      }
      if (added) {
        frames.push(i);
        ends.push(length);
      }
    }
    if (frames.length > 0) acc = { text: parts.join(''), frames: Int32Array.from(frames), ends: Int32Array.from(ends) };
  }
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
  return { shown: acc.text.slice(from, length), length, hidden: from };
}
