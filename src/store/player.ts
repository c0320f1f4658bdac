/**
 * createPlayerStore: the state of one player instance (a zustand vanilla store), its actions, its one
 * animation-frame clock and its event emitter. Two players on one page create two stores and share nothing.
 *
 * Contract: actions never throw; bad input (an unknown recording, an unreadable file, a frame out of range) ends in
 * a clamped value or `status: error` with a catalog key naming what and where. Loading is cancellable and a stale
 * load never overwrites a newer one. The state is split in slices (./slices.ts), each written only by its own part:
 * the loader (./loader.ts), playback (./playerPlayback.ts), preferences and hover (./playerView.ts); putting a
 * session in place is one batched update. What this returns is read-only (no setState): the UI and the embedding
 * page read and subscribe, and change things through `actions`. The instructor lab (faults, seed, tours,
 * presenter, matrix) is a store of its own, loaded with its first use (./labHandle.ts); it wraps the analyzer, so
 * every analysis applies its faults, and its actions are part of `actions`.
 */
import { createStore } from 'zustand/vanilla';
import { LEARNER_ID, frameIndex, ms } from '../core/types';
import { nextTask } from './fetchRecording';
import { browserScheduler } from './clock';
import { createEmitter } from './emitter';
import { createLabHandle } from './labHandle';
import type { LabState } from './labState';
import { cachedFetch, createLoader, defaultFetch } from './loader';
import { transition } from './playback';
import { createPlayback, EMPTY_F64 } from './playerPlayback';
import { createHover, createPrefs } from './playerView';
import { turnStartsOf } from './markers';
import { createSlices, readonlyStore } from './slices';
import type { PlayerEvents, PlayerOptions, PlayerState } from './state';
import { DEFAULT_STRATEGY } from './state';
import { clampSpeed, playTimes } from './timebase';

import type { PlayerActions, PlayerStore } from './actions';
import { getFrame } from '../core/sse/frame-table';
export type { LoadOptions } from './loader';
export type { PlayerActions, PlayerStore } from './actions';

const EMPTY_I32 = new Int32Array(0);

export function createPlayerStore(options: PlayerOptions): PlayerStore {
  const scheduler = options.scheduler ?? browserScheduler();
  const fetchText = cachedFetch(options.fetchText ?? defaultFetch);
  const base = options.recordingsBase ?? './recordings/';
  const emitter = createEmitter<PlayerEvents>((e) => console.error('streamscope listener failed:', e));

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
    code: options.code ?? null,
    langFailed: null,
    selectedCall: null,
    hoveredCall: null,
    hoveredFrames: null,
    times: EMPTY_F64,
    turnStarts: EMPTY_I32,
    markers: [],
    markerFrames: EMPTY_I32,
  }));
  const get = store.getState;
  const slices = createSlices(store);

  // -- frame events --------------------------------------------------------------------------------------------
  store.subscribe((s, prev) => {
    if (s.session && (s.frame !== prev.frame || s.session !== prev.session)) {
      emitter.emit('frame', { index: s.frame, time: getFrame(s.session.frames, s.frame)?.time ?? ms(0) });
    }
  });

  const playback = createPlayback({ get, set: slices.playback, scheduler, ended: (index) => emitter.emit('ended', { index }) });
  const prefs = createPrefs(get, slices.prefs, options.prepareLang);
  const hover = createHover(get, slices.hover);

  const warn: PlayerActions['warn'] = (notice) => slices.load({ warnings: [...get().warnings, notice] });

  // the lab wraps the analyzer (faults) and drives the player through its actions: late-bound
  const initialLab: Partial<LabState> = {
    ...(options.faults !== undefined && { faults: [...options.faults] }),
    ...(options.seed !== undefined && { seed: options.seed }),
    ...(options.presenter !== undefined && { presenter: options.presenter }),
  };
  const lab = createLabHandle(
    {
      player: get,
      analyze: options.analyze,
      fetchText,
      toursBase: options.toursBase ?? './tours/',
      loadRecording: (src, opts) => loader.loadRecording(src, opts),
      seek: (f) => playback.actions.seek(f),
      setStrategy: (id) => playback.actions.setStrategy(id),
      setCode: (code) => prefs.setCode(code),
      warn,
      ...(options.importLab && { importLab: options.importLab }),
    },
    initialLab,
  );

  // -- loading (./loader.ts) ----------------------------------------------------------------------------------
  const loader = createLoader({
    get,
    set: slices.load,
    analyze: lab.analyze,
    fetchText,
    fileStore: options.fileStore,
    base,
    fail: (notice) => {
      slices.load({ status: { kind: 'error', notice } });
      emitter.emit('error', notice);
    },
    warn,
    beforeLoad: () => playback.clock.stop(),
    // a large session's markers are computed in a task before the one that installs it (loading never blocks long)
    prepare: async (session) => {
      if (session.frames.count < 20_000 || !playback.premark(session)) return;
      await nextTask();
    },
    install: (session, source, frame) => {
      const n = session.frames.count;
      const s = get();
      slices.batch(() => {
        slices.load({ session, source, status: { kind: 'ready' } });
        slices.playback({
          frame: frameIndex(Math.min(Math.max(0, n - 1), Math.max(0, Math.round(frame)))),
          playback: transition(s.playback, 'load'),
          times: playTimes(session, s.timeMode),
          turnStarts: turnStartsOf(session),
          ...playback.markersFor(session, s.strategy),
        });
        slices.hover({ selectedCall: null, hoveredCall: null, hoveredFrames: null });
      });
      lab.installed(session);
      emitter.emit('ready', { session, source });
    },
  });

  const actions: PlayerActions = {
    ...lab.actions,
    ...playback.actions,
    ...prefs,
    ...hover,
    loadIndex: loader.loadIndex,
    loadRecording: loader.loadRecording,
    prefetchRecording: loader.prefetchRecording,
    reopenFile: loader.reopenFile,
    forgetFile: loader.forgetFile,
    resetFileStore: loader.resetFileStore,
    cancelLoad: loader.cancelLoad,
    warn,
    setLearnerRun(run) {
      const s = get();
      if (!s.session) return;
      // the same recording and frames with the learner's run in place: markers follow it if it is the one shown
      const session = { ...s.session, strategies: { ...s.session.strategies, [LEARNER_ID]: { ...run, id: LEARNER_ID } } };
      slices.batch(() => {
        slices.load({ session });
        slices.playback(playback.markersFor(session, s.strategy));
      });
    },
  };

  return {
    ...readonlyStore(store),
    actions,
    lab: lab.view,
    recordingsBase: base,
    on: emitter.on,
    dispose() {
      playback.clock.stop();
      loader.dispose();
      playback.fire('dispose');
      emitter.clear();
    },
  };
}

export type { PlayerState, PlayerOptions, Notice, Source, ScrubScale } from './state';
