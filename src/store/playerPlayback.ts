/**
 * The playback slice of a player: frame, strategy, play state, speed, time mode, timeline scale, loop and the
 * derived arrays (times, turn starts, markers), with the player's one animation-frame clock.
 *
 * Contract: writes only its own keys (PlaybackSetter). Actions never throw; a frame out of range is clamped. The
 * clock maps wall time x speed onto the session's play times (./timebase.ts) and seeks to the last frame whose
 * time <= the playhead; playback follows the state machine of ./playback.ts; reaching the end emits `ended`.
 */
import type { FrameIndex, Session, StrategyId } from '../core/types';
import { frameIndex } from '../core/types';
import { lastAtOrBefore } from '../core/session/view';
import { createClock, type FrameScheduler } from './clock';
import { failureMarkers, markerFrames, mergeMarkers, nextMarkerFrame, prevMarkerFrame, sessionMarkers } from './markers';
import { transition, type PlaybackEvent } from './playback';
import type { PlaybackSetter } from './slices';
import type { PlayerState, ScrubScale } from './state';
import { clampSpeed, frameAtPlayhead, playTimes, type TimeMode } from './timebase';

export interface PlaybackActions {
  seek(frame: FrameIndex): void;
  step(delta: number): void;
  stepTurn(delta: number): void;
  nextMarker(): void;
  prevMarker(): void;
  /** Jumps to a fraction (0..1) of the frames: the digit keys 0-9 jump to 0-90 %. */
  jumpTo(fraction: number): void;
  play(): void;
  pause(): void;
  toggle(): void;
  setSpeed(speed: number): void;
  setTimeMode(mode: TimeMode): void;
  /** The timeline's spacing: one step per frame, or proportional to recorded time. */
  setScrubScale(scale: ScrubScale): void;
  setLoop(loop: boolean): void;
  setStrategy(id: StrategyId): void;
}

export interface PlaybackContext {
  get: () => Readonly<PlayerState>;
  set: PlaybackSetter;
  scheduler: FrameScheduler;
  ended: (index: FrameIndex) => void;
}

export const EMPTY_F64 = new Float64Array(0);

export function createPlayback(ctx: PlaybackContext) {
  const { get, set, scheduler } = ctx;
  const sessionMarkerCache = new WeakMap<Session, ReturnType<typeof sessionMarkers>>();
  let anchorWall = 0;
  let anchorPlay = 0;
  const anchor = (frame: number) => {
    anchorWall = scheduler.now();
    anchorPlay = get().times[frame] ?? 0;
  };
  const fire = (event: PlaybackEvent) => set({ playback: transition(get().playback, event) });

  const clock = createClock(scheduler, (now) => {
    const s = get();
    const n = s.times.length;
    if (s.playback !== 'playing' || n === 0) return false;
    const playhead = anchorPlay + Math.max(0, now - anchorWall) * s.speed;
    const lastTime = s.times[n - 1] ?? 0;
    if (playhead >= lastTime) {
      if (s.loop && n > 1) {
        set({ frame: frameIndex(0), playback: transition(s.playback, 'reach-end-loop') });
        anchorWall = now;
        anchorPlay = 0;
        return true;
      }
      set({ frame: frameIndex(n - 1), playback: transition(s.playback, 'reach-end') });
      ctx.ended(frameIndex(n - 1));
      return false;
    }
    const f = frameAtPlayhead(s.times, playhead);
    if (f !== s.frame) set({ frame: frameIndex(f) });
    return true;
  });

  const markersFor = (session: Session, strategy: StrategyId) => {
    let base = sessionMarkerCache.get(session);
    if (!base) sessionMarkerCache.set(session, (base = sessionMarkers(session)));
    const markers = mergeMarkers(base, failureMarkers(session, strategy));
    return { markers, markerFrames: markerFrames(markers) };
  };
  /** A large session's strategy-independent markers, computed ahead (in a task before the one that installs it). */
  const premark = (session: Session): boolean => {
    if (sessionMarkerCache.has(session)) return false;
    sessionMarkerCache.set(session, sessionMarkers(session));
    return true;
  };

  const lastFrame = () => Math.max(0, (get().session?.frames.count ?? 0) - 1);
  const clampFrame = (f: number) => (Number.isFinite(f) ? Math.min(lastFrame(), Math.max(0, Math.round(f))) : 0);

  const actions: PlaybackActions = {
    seek(f) {
      const frame = clampFrame(f);
      const s = get();
      if (!s.session) return;
      if (s.playback === 'playing') anchor(frame);
      set({ frame: frameIndex(frame), playback: transition(s.playback, 'seek') });
    },
    step(delta) {
      actions.seek(frameIndex(get().frame + Math.trunc(delta)));
    },
    stepTurn(delta) {
      const { turnStarts, frame } = get();
      if (turnStarts.length === 0) return;
      const i = lastAtOrBefore(turnStarts, frame);
      const at = (n: number | undefined) => frameIndex(n ?? 0);
      if (delta > 0) actions.seek(i + 1 < turnStarts.length ? at(turnStarts[i + 1]) : frameIndex(lastFrame()));
      else if (delta < 0) {
        const current = i >= 0 ? at(turnStarts[i]) : frameIndex(0);
        actions.seek(frame > current ? current : i > 0 ? at(turnStarts[i - 1]) : frameIndex(0));
      }
    },
    nextMarker() {
      const f = nextMarkerFrame(get().markerFrames, get().frame);
      if (f !== null) actions.seek(frameIndex(f));
    },
    prevMarker() {
      const f = prevMarkerFrame(get().markerFrames, get().frame);
      if (f !== null) actions.seek(frameIndex(f));
    },
    jumpTo(fraction) {
      const n = get().session?.frames.count ?? 0;
      if (!Number.isFinite(fraction)) return;
      actions.seek(frameIndex(Math.floor(Math.min(1, Math.max(0, fraction)) * n)));
    },

    play() {
      const s = get();
      if (!s.session || s.session.frames.count === 0 || s.playback === 'playing') return;
      if (s.playback === 'ended' || s.frame >= lastFrame()) set({ frame: frameIndex(0) });
      anchor(get().frame);
      fire('play');
      clock.start();
    },
    pause() {
      clock.stop();
      fire('pause');
    },
    toggle() {
      if (get().playback === 'playing') actions.pause();
      else actions.play();
    },
    setSpeed(speed) {
      const s = get();
      const next = clampSpeed(speed);
      if (s.playback === 'playing') {
        // keep the playhead where it is: re-anchor at the current play time
        const now = scheduler.now();
        anchorPlay = anchorPlay + Math.max(0, now - anchorWall) * s.speed;
        anchorWall = now;
      }
      set({ speed: next });
    },
    setTimeMode(mode) {
      const s = get();
      if (mode === s.timeMode) return;
      const times = s.session ? playTimes(s.session, mode) : EMPTY_F64;
      set({ timeMode: mode, times });
      if (s.playback === 'playing') anchor(s.frame);
    },
    setScrubScale(scale) {
      if (scale === 'frames' || scale === 'time') set({ scrubScale: scale });
    },
    setLoop(loop) {
      set({ loop });
    },
    setStrategy(id) {
      const s = get();
      if (id === s.strategy) return;
      set({ strategy: id, ...(s.session ? markersFor(s.session, id) : {}) });
    },
  };

  return { actions, clock, markersFor, premark, fire };
}
