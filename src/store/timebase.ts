/**
 * Playback time bases: where each frame sits on the playhead's clock, per time mode.
 *
 * Contract: pure. `playTimes(session, mode)` returns a non-decreasing Float64Array (one entry per frame, the first
 * is 0) in playback milliseconds: `recorded` follows the recorded times (a time that goes back is held at the
 * previous one), `capped` shortens every silence longer than GAP_CAP_MS to GAP_CAP_MS, `even` spaces frames
 * EVEN_STEP_MS apart. `frameAtPlayhead` is the last frame whose time <= the playhead, in O(log n).
 */
import type { Session } from '../core/types';
import { lastAtOrBefore } from '../core/session/view';

export type TimeMode = 'recorded' | 'capped' | 'even';
export const TIME_MODES: readonly TimeMode[] = ['recorded', 'capped', 'even'];
export const GAP_CAP_MS = 250;
export const EVEN_STEP_MS = 40;

export const SPEEDS: readonly number[] = [0.25, 0.5, 1, 2, 4, 8];
export const MIN_SPEED = 0.25;
export const MAX_SPEED = 8;

export function playTimes(session: Session, mode: TimeMode): Float64Array {
  const frames = session.frames;
  const out = new Float64Array(frames.count);
  if (frames.count === 0) return out;
  if (mode === 'even' || !session.recording.timed) {
    for (let i = 0; i < frames.count; i++) out[i] = i * EVEN_STEP_MS;
    return out;
  }
  const time = frames.time;
  let prevRecorded = time[0] as number;
  let acc = 0;
  for (let i = 1; i < frames.count; i++) {
    const t = time[i] as number;
    let delta = Number.isFinite(t) ? Math.max(0, t - prevRecorded) : 0;
    if (mode === 'capped') delta = Math.min(delta, GAP_CAP_MS);
    acc += delta;
    out[i] = acc;
    if (Number.isFinite(t) && t > prevRecorded) prevRecorded = t;
  }
  return out;
}

export function frameAtPlayhead(times: Float64Array, playheadMs: number): number {
  return Math.max(0, lastAtOrBefore(times, playheadMs));
}

export function clampSpeed(speed: number): number {
  if (!Number.isFinite(speed)) return 1;
  return Math.min(MAX_SPEED, Math.max(MIN_SPEED, speed));
}
