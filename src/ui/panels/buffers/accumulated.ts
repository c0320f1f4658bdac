/**
 * The text and reasoning a turn has streamed so far, for turns that open no buffer (a long answer, a thinking
 * phase): shown in the buffers panel in place of "no buffer yet".
 *
 * Contract: pure as seen from outside (same answers in any call order). `accumulatedOf(session, turn, kind)` is the
 * turn's running list, made once per (session, turn) for both kinds: the frames whose `text` (or `reasoning`)
 * signals add to the turn and how long that text is after each (numbers only: no text is joined). The list is read
 * LAZILY: it covers the turn's frames up to the furthest frame asked for so far, and `accumulatedAt(acc, f, max)`
 * first extends it to f (one pass over the signals' kind and text columns, from where the last one stopped), then
 * binary-searches it and joins the signal texts of the last frames up to f until `max` characters are in (the window
 * at the end). So opening a million-frame turn at its first frame reads one frame, not a million (that pass, in the
 * render that installs the session, was the page's longest task while loading), and neither a seek nor the first
 * render copies the whole text.
 */
import type { Session, SignalTable, TurnIndex } from '../../../core/types';
import { endSignal, firstSignal, NONE, signalText, SK } from '../../../core/wire/signal-table';

export type StreamKind = 'text' | 'reasoning';

/** One turn's scan, shared by its two kinds: where it stopped and what it found so far. */
interface TurnScan {
  readonly signals: SignalTable;
  /** The next frame to read, and the turn's last frame. */
  next: number;
  readonly last: number;
  readonly text: Found;
  readonly reasoning: Found;
}

/** Frames that added to one kind's text, ascending, and its length after each (the first `n` entries; room for
 * every frame of the turn). */
interface Found {
  readonly frames: Int32Array;
  readonly ends: Float64Array;
  n: number;
  length: number;
}

export interface Accumulated {
  readonly scan: TurnScan;
  readonly kind: StreamKind;
  /** The signal kind code read (SK.text or SK.reasoning). */
  readonly code: number;
}

/** Per session and turn, the two kinds' lists (one scan behind both). */
const cache = new WeakMap<Session, Map<TurnIndex, Record<StreamKind, Accumulated>>>();

const found = (size: number): Found => ({ frames: new Int32Array(size), ends: new Float64Array(size), n: 0, length: 0 });

export function accumulatedOf(session: Session, turn: TurnIndex, kind: StreamKind): Accumulated {
  let perSession = cache.get(session);
  if (!perSession) cache.set(session, (perSession = new Map()));
  let lists = perSession.get(turn);
  if (!lists) {
    const signals = session.signals;
    const range = session.timings.find((t) => t.turn === turn)?.frames;
    const first = range ? range[0] : 0;
    const last = range ? Math.min(range[1], signals.frames - 1) : -1;
    const size = Math.max(0, last - first + 1);
    const scan: TurnScan = { signals, next: first, last, text: found(size), reasoning: found(size) };
    lists = { text: { scan, kind: 'text', code: SK.text }, reasoning: { scan, kind: 'reasoning', code: SK.reasoning } };
    perSession.set(turn, lists);
  }
  return lists[kind];
}

/** Reads the turn's frames up to `to` (at most its last) that the scan has not read yet. */
function extend(scan: TurnScan, to: number): void {
  const stop = Math.min(to, scan.last);
  if (scan.next > stop) return;
  const { signals, text, reasoning } = scan;
  const { kind, piece, textStart, textEnd } = signals;
  let k = firstSignal(signals, scan.next);
  for (let f = scan.next; f <= stop; f++) {
    const end = endSignal(signals, f);
    const textBefore = text.length;
    const reasoningBefore = reasoning.length;
    for (; k < end; k++) {
      const code = kind[k];
      if ((code === SK.text || code === SK.reasoning) && piece[k] !== NONE) {
        const n = (textEnd[k] as number) - (textStart[k] as number);
        if (code === SK.text) text.length += n;
        else reasoning.length += n;
      }
    }
    if (text.length > textBefore) {
      text.frames[text.n] = f;
      text.ends[text.n++] = text.length;
    }
    if (reasoning.length > reasoningBefore) {
      reasoning.frames[reasoning.n] = f;
      reasoning.ends[reasoning.n++] = reasoning.length;
    }
  }
  scan.next = stop + 1;
}

export interface AccumulatedView {
  /** The window shown: the last `max` characters of what arrived by f. */
  shown: string;
  /** Characters arrived by f, and how many of them are left out before the window. */
  length: number;
  hidden: number;
}

export function accumulatedAt(acc: Accumulated, f: number, max = 4000): AccumulatedView {
  extend(acc.scan, f);
  const { frames, ends, n } = acc.scan[acc.kind];
  const signals = acc.scan.signals;
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((frames[mid] as number) <= f) lo = mid + 1;
    else hi = mid;
  }
  const length = lo === 0 ? 0 : (ends[lo - 1] as number);
  const from = Math.max(0, length - max);
  // the texts of the last contributing frames, back to the one the window starts in, each cut to what the window
  // still needs before it is joined (one 50 MB chunk is not copied to show its last 4,000 characters)
  const parts: string[] = [];
  let need = length - from;
  let j = lo - 1;
  while (j >= 0 && (ends[j] as number) > from) {
    const frame = frames[j] as number;
    const end = endSignal(signals, frame);
    const texts: string[] = [];
    for (let k = firstSignal(signals, frame); k < end; k++) if (signals.kind[k] === acc.code) texts.push(signalText(signals, k));
    const text = texts.length === 1 ? (texts[0] as string) : texts.join('');
    const cut = text.length > need ? text.slice(text.length - need) : text;
    parts.push(cut);
    need -= cut.length;
    j--;
  }
  return { shown: parts.reverse().join(''), length, hidden: from };
}
