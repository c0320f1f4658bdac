/**
 * createPlayerStore: the state of one player instance (a zustand vanilla store), its actions, its one
 * animation-frame clock and its event emitter. Two players on one page create two stores and share nothing.
 *
 * Contract: actions never throw; bad input (an unknown recording, an unreadable file, a frame out of range) ends in
 * a clamped value or `status: error` with a catalog key naming what and where. Loading is cancellable and a stale
 * load never overwrites a newer one. Playback follows the state machine in ./playback.ts; the clock maps wall time
 * x speed onto the session's play times (./timebase.ts) and seeks to the last frame whose time <= the playhead.
 * The instructor lab (./lab.ts) wraps the analyzer: every analysis applies the state's faults, and its actions
 * (faults, seed, tours, presenter, matrix) are part of `actions`.
 */
import { createStore } from 'zustand/vanilla';
import type { Session, StrategyId } from '../core/types';
import { frameIndex } from '../core/types';
import { lastAtOrBefore } from '../core/session/view';
import { browserScheduler, createClock } from './clock';
import { createEmitter } from './emitter';
import { failureMarkers, markerFrames, mergeMarkers, nextMarkerFrame, prevMarkerFrame, sessionMarkers, turnStartsOf } from './markers';
import { transition, type PlaybackEvent } from './playback';
import { createLab } from './lab';
import { cachedFetch, createLoader, defaultFetch } from './loader';
import type { Notice, PlayerEvents, PlayerOptions, PlayerState } from './state';
import { DEFAULT_STRATEGY, NO_FAULTS } from './state';
import { clampSpeed, frameAtPlayhead, playTimes } from './timebase';

import type { PlayerActions, PlayerStore } from './actions';
export type { LoadOptions } from './loader';
export type { PlayerActions, PlayerStore } from './actions';

const EMPTY_F64 = new Float64Array(0);
const EMPTY_I32 = new Int32Array(0);

export function createPlayerStore(options: PlayerOptions): PlayerStore {
  const scheduler = options.scheduler ?? browserScheduler();
  const fetchText = cachedFetch(options.fetchText ?? defaultFetch);
  const base = options.recordingsBase ?? './recordings/';
  const emitter = createEmitter<PlayerEvents>((e) => console.error('streamscope listener failed:', e));
  const sessionMarkerCache = new WeakMap<Session, ReturnType<typeof sessionMarkers>>();

  const store = createStore<PlayerState>(() => ({
    recordings: [],
    files: [],
    source: null,
    session: null,
    status: { kind: 'idle' },
    warnings: [],
    strategy: options.strategy ?? DEFAULT_STRATEGY,
    frame: frameIndex(0),
    playback: 'paused',
    speed: clampSpeed(options.speed ?? 1),
    timeMode: options.timeMode ?? 'recorded',
    scrubScale: options.scrubScale ?? 'frames',
    loop: options.loop ?? false,
    lang: options.lang ?? 'en',
    theme: options.theme ?? 'system',
    compare: options.compare ?? false,
    selectedCall: null,
    hoveredCall: null,
    hoveredFrames: null,
    times: EMPTY_F64,
    turnStarts: EMPTY_I32,
    markers: [],
    markerFrames: EMPTY_I32,
    faults: options.faults ?? [],
    seed: options.seed ?? 1,
    applied: NO_FAULTS,
    faultErrors: [],
    labOpen: false,
    matrixOpen: false,
    presenter: options.presenter ?? false,
    tour: null,
    tourError: null,
    highlight: null,
  }));
  const { getState: get, setState: set } = store;

  // -- playback clock ------------------------------------------------------------------------------------------
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
      emitter.emit('ended', { index: frameIndex(n - 1) });
      return false;
    }
    const f = frameAtPlayhead(s.times, playhead);
    if (f !== s.frame) set({ frame: frameIndex(f) });
    return true;
  });

  // -- frame events --------------------------------------------------------------------------------------------
  store.subscribe((s, prev) => {
    if (s.session && (s.frame !== prev.frame || s.session !== prev.session)) {
      emitter.emit('frame', { index: s.frame, time: s.session.frames[s.frame]?.time ?? 0 });
    }
  });

  const markersFor = (session: Session, strategy: StrategyId) => {
    let base = sessionMarkerCache.get(session);
    if (!base) sessionMarkerCache.set(session, (base = sessionMarkers(session)));
    const markers = mergeMarkers(base, failureMarkers(session, strategy));
    return { markers, markerFrames: markerFrames(markers) };
  };

  const lastFrame = () => Math.max(0, (get().session?.frames.length ?? 0) - 1);
  const clampFrame = (f: number) => (Number.isFinite(f) ? Math.min(lastFrame(), Math.max(0, Math.round(f))) : 0);

  // -- loading (./loader.ts) ----------------------------------------------------------------------------------
  const fail = (notice: Notice) => {
    set({ status: { kind: 'error', notice } });
    emitter.emit('error', notice);
  };
  // the lab (./lab.ts) wraps the analyzer (faults) and needs the loader's and the player's actions: late-bound
  const lab = createLab({
    get,
    set,
    analyze: options.analyze,
    fetchText,
    toursBase: options.toursBase ?? './tours/',
    loadRecording: (src, opts) => loader.loadRecording(src, opts),
    seek: (f) => actions.seek(f),
    setStrategy: (id) => actions.setStrategy(id),
  });
  const loader = createLoader({
    get,
    set,
    analyze: lab.analyze,
    fetchText,
    fileStore: options.fileStore,
    base,
    fail,
    warn: (notice) => set({ warnings: [...get().warnings, notice] }),
    beforeLoad: () => clock.stop(),
    // a large session's markers are computed in a task before the one that installs it (loading never blocks long)
    prepare: async (session) => {
      if (session.frames.length < 20_000 || sessionMarkerCache.has(session)) return;
      sessionMarkerCache.set(session, sessionMarkers(session));
      await new Promise<void>((r) => setTimeout(r, 0));
    },
    install: (session, source, frame) => {
      const n = session.frames.length;
      set({
        session,
        source,
        status: { kind: 'ready' },
        frame: frameIndex(Math.min(Math.max(0, n - 1), Math.max(0, Math.round(frame)))),
        playback: transition(get().playback, 'load'),
        selectedCall: null,
        hoveredCall: null,
        hoveredFrames: null,
        times: playTimes(session, get().timeMode),
        turnStarts: turnStartsOf(session),
        ...markersFor(session, get().strategy),
      });
      lab.installed(session);
      emitter.emit('ready', { session, source });
    },
  });

  const actions: PlayerActions = {
    ...lab.actions,
    loadIndex: loader.loadIndex,
    loadRecording: loader.loadRecording,
    reopenFile: loader.reopenFile,
    forgetFile: loader.forgetFile,
    cancelLoad: loader.cancelLoad,

    seek(f) {
      const frame = clampFrame(f);
      const s = get();
      if (!s.session) return;
      if (s.playback === 'playing') anchor(frame);
      set({ frame: frameIndex(frame), playback: transition(s.playback, 'seek') });
    },
    step(delta) {
      actions.seek(get().frame + Math.trunc(delta));
    },
    stepTurn(delta) {
      const { turnStarts, frame } = get();
      if (turnStarts.length === 0) return;
      const i = lastAtOrBefore(turnStarts, frame);
      if (delta > 0) actions.seek(i + 1 < turnStarts.length ? (turnStarts[i + 1] as number) : lastFrame());
      else if (delta < 0) {
        const current = i >= 0 ? (turnStarts[i] as number) : 0;
        actions.seek(frame > current ? current : i > 0 ? (turnStarts[i - 1] as number) : 0);
      }
    },
    nextMarker() {
      const f = nextMarkerFrame(get().markerFrames, get().frame);
      if (f !== null) actions.seek(f);
    },
    prevMarker() {
      const f = prevMarkerFrame(get().markerFrames, get().frame);
      if (f !== null) actions.seek(f);
    },
    jumpTo(fraction) {
      const n = get().session?.frames.length ?? 0;
      if (!Number.isFinite(fraction)) return;
      actions.seek(Math.floor(Math.min(1, Math.max(0, fraction)) * n));
    },

    play() {
      const s = get();
      if (!s.session || s.session.frames.length === 0 || s.playback === 'playing') return;
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
    setLang(lang) {
      set({ lang });
    },
    setTheme(theme) {
      set({ theme });
    },
    setCompare(compare) {
      set({ compare });
    },
    selectCall(call) {
      set({ selectedCall: call });
    },
    hoverCall(call) {
      const prev = get().hoveredCall;
      if (prev === call || (prev && call && prev.turn === call.turn && prev.key === call.key)) return;
      set({ hoveredCall: call });
    },
    warn(notice) {
      set({ warnings: [...get().warnings, notice] });
    },
    hoverFrames(range) {
      const prev = get().hoveredFrames;
      if (prev === range || (prev && range && prev[0] === range[0] && prev[1] === range[1])) return;
      set({ hoveredFrames: range && range[0] <= range[1] ? [range[0], range[1]] : null });
    },
  };

  return {
    ...store,
    actions,
    recordingsBase: base,
    on: emitter.on,
    dispose() {
      clock.stop();
      loader.dispose();
      set({ playback: transition(get().playback, 'dispose') });
      emitter.clear();
    },
  };
}

export type { PlayerState, PlayerOptions, Notice, Source, ScrubScale } from './state';
