/**
 * What the waterfall draws, derived once per (session, strategy): one row per turn with its segments, marks,
 * tool executions and anomalies, on one absolute time axis (ms since the recording started).
 *
 * Contract: pure, no DOM, no React. Segments of a turn tile [request, stream end] without overlap: the wait until
 * the first frame, then one band per run of frames of the same kind (the interval before a frame takes that
 * frame's kind; `other` frames make a plain `stream` band), and a `gap` for each silence listed in the turn's
 * timing (so the threshold is the timeline's). Marks carry the frame a click seeks to. Ready times come from the
 * selected strategy's calls; marks are sorted by time (stable). Bad data (frames out of range, a missing timing) is skipped, never thrown on.
 */
import { fromRequest, ms, sinceRequest } from '../../core/types';
import type { Anomaly, CallKey, FrameIndex, Ms, Session, StrategyId, TurnIndex, TurnMs, TurnTiming } from '../../core/types';
import { getFrame } from '../../core/sse/frame-table';
import { frameKindAt } from '../../core/wire/signal-table';

export type SegmentKind = 'wait' | 'stream' | 'reasoning' | 'text' | 'args' | 'gap';
export type MarkKind = 'first-frame' | 'first-reasoning' | 'first-text' | 'first-call' | 'ready' | 'end';

export interface Segment {
  kind: SegmentKind;
  /** Absolute. */
  fromMs: Ms;
  toMs: Ms;
  /** The frame a click on it seeks to: the frame at its end (for a gap: the frame after the silence). */
  frame: FrameIndex | null;
  /** First and last frame of the run it draws (for a band). */
  frames?: [FrameIndex, FrameIndex];
}

export interface MarkSpec {
  kind: MarkKind;
  /** Absolute and turn-relative time. */
  atMs: Ms;
  relMs: TurnMs;
  frame: FrameIndex | null;
  call?: { key: CallKey; id: string; name: string };
}

export interface ToolSpan {
  /** Absolute. */
  fromMs: Ms;
  toMs: Ms;
  name: string;
  callId: string;
  durationMs: number;
}

export interface Row {
  turn: TurnIndex;
  timing: TurnTiming;
  segments: Segment[];
  marks: MarkSpec[];
  tools: ToolSpan[];
  anomalies: readonly Anomaly[];
  /** Absolute time of the row's last drawn thing. */
  endMs: Ms;
}

export interface WaterfallModel {
  rows: Row[];
  domain: [number, number];
}

const fin = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

function bandKind(kind: string | undefined): SegmentKind {
  return kind === 'reasoning' || kind === 'text' || kind === 'args' ? kind : 'stream';
}

/** The first frame of [first, last] whose time is >= atAbs (frames are in time order within a turn). */
function frameAtOrAfter(session: Session, first: number, last: number, atAbs: Ms): FrameIndex | null {
  let lo = first;
  let hi = last + 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const t = mid < session.frames.count ? (session.frames.time[mid] as number) : Infinity;
    if (t < atAbs - 1e-6) lo = mid + 1;
    else hi = mid;
  }
  return lo <= last ? (lo as FrameIndex) : null;
}

function segmentsOf(session: Session, timing: TurnTiming): Segment[] {
  const out: Segment[] = [];
  const range = timing.frames;
  const req = timing.requestAt;
  if (!range) {
    if (fin(timing.endMs)) out.push({ kind: 'wait', fromMs: req, toMs: fromRequest(timing.endMs, req), frame: null });
    return out;
  }
  const [first, last] = range;
  const firstFrame = getFrame(session.frames, first);
  if (!firstFrame) return out;
  out.push({ kind: 'wait', fromMs: req, toMs: firstFrame.time, frame: first });
  const gapFrames = new Set(timing.gaps.map((g) => g.frame as number));
  let prevTime: Ms = firstFrame.time;
  for (let i = first + 1; i <= last && i < session.frames.count; i++) {
    const f = { index: i as FrameIndex, time: session.frames.time[i] as Ms };
    const kind = gapFrames.has(i) ? 'gap' : bandKind(frameKindAt(session.kinds, i));
    const top = out[out.length - 1];
    if (kind !== 'gap' && top && top.kind === kind && top.toMs === prevTime) {
      top.toMs = ms(Math.max(top.toMs, f.time));
      top.frame = f.index;
      if (top.frames) top.frames[1] = f.index;
    } else {
      out.push({ kind, fromMs: prevTime, toMs: ms(Math.max(prevTime, f.time)), frame: f.index, frames: [f.index, f.index] });
    }
    prevTime = ms(Math.max(prevTime, f.time));
  }
  const endAt = fin(timing.endMs) ? fromRequest(timing.endMs, req) : null;
  if (endAt !== null && endAt > prevTime) {
    const top = out[out.length - 1];
    if (top && top.kind === 'stream' && top.toMs === prevTime) top.toMs = endAt;
    else out.push({ kind: 'stream', fromMs: prevTime, toMs: endAt, frame: last });
  }
  return out;
}

function marksOf(session: Session, timing: TurnTiming, strategy: StrategyId): MarkSpec[] {
  const req = timing.requestAt;
  const range = timing.frames;
  const at = (rel: TurnMs | null): FrameIndex | null =>
    range && fin(rel) ? frameAtOrAfter(session, range[0], range[1], fromRequest(rel, req)) : null;
  const marks: MarkSpec[] = [];
  const push = (kind: MarkKind, rel: TurnMs | null, frame: FrameIndex | null): void => {
    if (fin(rel)) marks.push({ kind, atMs: fromRequest(rel, req), relMs: rel, frame });
  };
  push('first-frame', timing.firstFrameMs, range ? range[0] : null);
  push('first-reasoning', timing.firstReasoningMs, at(timing.firstReasoningMs));
  push('first-text', timing.firstTextMs, at(timing.firstTextMs));
  push('first-call', timing.firstToolCallMs, at(timing.firstToolCallMs));
  for (const call of session.strategies[strategy]?.calls ?? []) {
    if (call.turn !== timing.turn) continue;
    const f = getFrame(session.frames, call.readyFrame);
    if (!f) continue;
    marks.push({
      kind: 'ready',
      atMs: f.time,
      relMs: sinceRequest(f.time, req),
      frame: call.readyFrame,
      call: { key: call.key, id: call.id, name: call.name },
    });
  }
  push('end', timing.endMs ?? timing.lastFrameMs, range ? range[1] : null);
  return marks.sort((a, b) => a.atMs - b.atMs);
}

export function buildWaterfall(session: Session, strategy: StrategyId): WaterfallModel {
  let end = 0;
  const rows: Row[] = session.timings.map((timing) => {
    const segments = segmentsOf(session, timing);
    const marks = marksOf(session, timing, strategy);
    const tools: ToolSpan[] = session.recording.tools
      .filter((r) => r.turn === timing.turn && fin(r.time))
      .map((r) => {
        const d = fin(r.durationMs) && r.durationMs > 0 ? r.durationMs : 0;
        return { fromMs: r.time, toMs: ms(r.time + d), name: r.name, callId: r.callId, durationMs: d };
      });
    let rowEnd: Ms = timing.requestAt;
    for (const s of segments) rowEnd = ms(Math.max(rowEnd, s.toMs));
    for (const m of marks) rowEnd = ms(Math.max(rowEnd, m.atMs));
    for (const t of tools) rowEnd = ms(Math.max(rowEnd, t.toMs));
    end = Math.max(end, rowEnd);
    return { turn: timing.turn, timing, segments, marks, tools, anomalies: timing.anomalies, endMs: rowEnd };
  });
  return { rows, domain: [0, Math.max(end, 1)] };
}
