/**
 * Timeline markers of a session: turn starts, end signals, parse failures of one strategy, gaps over the threshold,
 * lesson marks, anomalies (named by code) and calls that never reached their end signal (at their turn's last
 * frame: from there on the call is known to have been cut).
 *
 * Contract: pure. `sessionMarkers` is computed once per session, `failureMarkers` once per (session, strategy);
 * `mergeMarkers` returns one array sorted by frame (ties by kind order), and `markerFrames` the distinct frames of
 * it as a sorted Int32Array for O(log n) previous / next lookups. Nothing here throws on odd input: marks after the
 * last frame land on the last frame, a session without frames has no markers.
 */
import type { FrameIndex, ParseAttempt, Session, StrategyId, TurnIndex } from '../core/types';
import { frameIndex } from '../core/types';
import { attemptAt, attemptError, lastAtOrBefore } from '../core/session/view';
import { endSignal, firstSignal, signalKind, signalRef, SK } from '../core/wire/signal-table';

export type MarkerKind = 'turn' | 'end' | 'fail' | 'gap' | 'mark' | 'anomaly' | 'unended';
export const MARKER_KINDS: readonly MarkerKind[] = ['turn', 'end', 'fail', 'gap', 'mark', 'anomaly', 'unended'];

export interface Marker {
  frame: FrameIndex;
  kind: MarkerKind;
  /** Data for the tooltip: a turn number, a signal kind, a parser message, a gap length in ms, a mark index, an
   * anomaly code, the name of a call that never ended. */
  detail?: string;
  turn?: TurnIndex;
}

const kindOrder = (k: MarkerKind): number => MARKER_KINDS.indexOf(k);

function byFrame(a: Marker, b: Marker): number {
  return a.frame - b.frame || kindOrder(a.kind) - kindOrder(b.kind);
}

/** First frame whose time is >= t, or the last frame; -1 when there is no frame. */
function frameAtOrAfter(times: Float64Array, t: number): number {
  if (times.length === 0) return -1;
  const before = lastAtOrBefore(times, t);
  if (before >= 0 && times[before] === t) {
    // walk back to the first of equal times
    let i = before;
    while (i > 0 && times[i - 1] === t) i--;
    return i;
  }
  return Math.min(before + 1, times.length - 1);
}

/** Turn starts, end signals, gaps and lesson marks: everything that does not depend on the strategy. */
export function sessionMarkers(session: Session): Marker[] {
  const out: Marker[] = [];
  for (const timing of session.timings) {
    if (timing.frames) out.push({ frame: timing.frames[0], kind: 'turn', turn: timing.turn, detail: String(timing.turn + 1) });
    for (const gap of timing.gaps) out.push({ frame: gap.frame, kind: 'gap', turn: timing.turn, detail: gap.lengthMs.toFixed(1) });
  }
  const signals = session.signals;
  for (let f = 0; f < signals.frames; f++) {
    const end = endSignal(signals, f);
    for (let i = firstSignal(signals, f); i < end; i++) {
      const k = signals.kind[i];
      if (k === SK.callEnd || k === SK.callComplete || k === SK.finish) {
        out.push({ frame: frameIndex(f), kind: 'end', detail: k === SK.finish ? `finish: ${signalRef(signals, i) ?? ''}` : signalKind(signals, i) });
        break;
      }
    }
  }
  for (const a of session.anomalies) {
    const frame = a.frame ?? session.timings.find((t) => t.turn === a.turn)?.frames?.[1];
    if (frame !== undefined) out.push({ frame: frameIndex(frame), kind: 'anomaly', turn: a.turn, detail: a.code });
  }
  for (const c of session.carried) {
    if (c.endFrame !== undefined) continue;
    const last = session.timings.find((t) => t.turn === c.turn)?.frames?.[1];
    if (last !== undefined) out.push({ frame: last, kind: 'unended', turn: c.turn, detail: c.name || c.key });
  }
  if (session.recording.marks.length > 0 && session.frames.count > 0) {
    const times = session.frames.time;
    session.recording.marks.forEach((m, i) => {
      const f = frameAtOrAfter(times, m.time);
      if (f >= 0) out.push({ frame: frameIndex(f), kind: 'mark', detail: String(i) });
    });
  }
  return out.sort(byFrame);
}

/**
 * A failure marker whose attempt was rejected without parsing gets its message (JSON.parse's own) on first read:
 * a tooltip shows a few markers, while a long stream can fail on 100,000 frames. Markers stay in the page's
 * store (never posted), so an accessor is safe; it is enumerable, so the marker reads like plain data.
 */
function lazyDetail(m: Marker, derive: () => string | undefined): void {
  let memo: string | undefined;
  let done = false;
  Object.defineProperty(m, 'detail', {
    enumerable: true,
    configurable: true,
    get: () => {
      if (!done) {
        memo = derive();
        done = true;
      }
      return memo;
    },
  });
}

/** Frames where the strategy's parse attempts failed (one marker per failing frame). */
export function failureMarkers(session: Session, strategy: StrategyId): Marker[] {
  const run = session.strategies[strategy];
  if (!run || !run.applicable) return [];
  const out: Marker[] = [];
  let last = -1;
  const t = run.attempts;
  for (let i = 0; i < t.count; i++) {
    const frame = t.frame[i] as FrameIndex;
    if (t.ok[i] === 1 || frame === last) continue;
    last = frame;
    const m: Marker = { frame, kind: 'fail', turn: t.turn[i] as TurnIndex };
    const error = t.errors[i];
    if (error !== undefined) m.detail = error;
    else lazyDetail(m, () => attemptError(run, attemptAt(run, i) as ParseAttempt));
    out.push(m);
  }
  return out;
}

export function mergeMarkers(a: readonly Marker[], b: readonly Marker[]): Marker[] {
  return [...a, ...b].sort(byFrame);
}

/** Distinct marker frames, sorted. */
export function markerFrames(markers: readonly Marker[]): Int32Array {
  const out: number[] = [];
  for (const m of markers) if (out[out.length - 1] !== m.frame) out.push(m.frame);
  return Int32Array.from(out);
}

/** The first marker frame after `frame`, or null. */
export function nextMarkerFrame(frames: Int32Array, frame: number): number | null {
  const i = lastAtOrBefore(frames, frame) + 1;
  return i < frames.length ? (frames[i] as number) : null;
}

/** The last marker frame before `frame`, or null. */
export function prevMarkerFrame(frames: Int32Array, frame: number): number | null {
  const i = lastAtOrBefore(frames, frame - 1);
  return i >= 0 ? (frames[i] as number) : null;
}

/** The first frame of every turn that has frames, sorted (for stepping by turn). */
export function turnStartsOf(session: Session): Int32Array {
  const starts: number[] = [];
  for (const t of session.timings) if (t.frames) starts.push(t.frames[0]);
  return Int32Array.from(starts.sort((a, b) => a - b));
}
