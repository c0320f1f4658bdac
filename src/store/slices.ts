/**
 * Slices of a player store: each part of the player (loader, playback, preferences, hover) is given a setter that
 * can write only its own keys, so a part cannot change state another part owns.
 *
 * Contract: `SliceSetter<K>` accepts a partial object of keys K only; naming any other key is a compile error (an
 * object literal, a spread, or a variable alike). `createSlices(store)` hands out those setters over one zustand
 * store and `batch(fn)`, which applies every write made inside `fn` as ONE store update (a session put in place
 * changes the loader's and the playback's keys together, and subscribers never see half of it). Reads inside a
 * batch see the state before it. The key lists partition PlayerState: every key belongs to exactly one slice.
 */
import type { HoverState, LoadState, PlaybackSliceState, PlayerState, PrefsState } from './state';

/** A setter for the keys K of S: any other key is a type error. */
export type SliceSetter<K extends keyof S, S = PlayerState> = (partial: Partial<Pick<S, K>> & { readonly [X in Exclude<keyof S, K>]?: never }) => void;

/** A store as the UI and the embedding page see it: read and subscribe, never write. */
export interface ReadonlyStore<S> {
  getState(): Readonly<S>;
  getInitialState(): Readonly<S>;
  subscribe(listener: (state: Readonly<S>, prev: Readonly<S>) => void): () => void;
}

const keys = <S>() => <K extends keyof S>(...k: K[]): readonly K[] => k;

export const LOAD_KEYS = keys<LoadState>()('recordings', 'files', 'source', 'session', 'status', 'warnings');
export const PLAYBACK_KEYS = keys<PlaybackSliceState>()(
  'strategy', 'frame', 'playback', 'speed', 'timeMode', 'scrubScale', 'loop', 'times', 'turnStarts', 'markers', 'markerFrames',
);
export const PREFS_KEYS = keys<PrefsState>()('lang', 'theme', 'compare', 'code', 'langFailed');
export const HOVER_KEYS = keys<HoverState>()('selectedCall', 'hoveredCall', 'hoveredFrames');

export type LoadSetter = SliceSetter<keyof LoadState>;
export type PlaybackSetter = SliceSetter<keyof PlaybackSliceState>;
export type PrefsSetter = SliceSetter<keyof PrefsState>;
export type HoverSetter = SliceSetter<keyof HoverState>;

export interface Slices {
  load: LoadSetter;
  playback: PlaybackSetter;
  prefs: PrefsSetter;
  hover: HoverSetter;
  batch(fn: () => void): void;
}

/**
 * The parts of a zustand store these functions use, structurally (a zustand StoreApi is one), so the library's
 * published declarations name no package a course site does not install.
 */
export interface StoreLike<S> extends ReadonlyStore<S> {
  setState(partial: Partial<S>): void;
}

export function createSlices(store: StoreLike<PlayerState>): Slices {
  let pending: Partial<PlayerState> | null = null;
  const write = (partial: Partial<PlayerState>) => {
    if (pending) Object.assign(pending, partial);
    else store.setState(partial);
  };
  const setter = <K extends keyof PlayerState>(): SliceSetter<K> => write as SliceSetter<K>;
  return {
    load: setter<keyof LoadState>(),
    playback: setter<keyof PlaybackSliceState>(),
    prefs: setter<keyof PrefsState>(),
    hover: setter<keyof HoverState>(),
    batch(fn) {
      if (pending) return fn();
      pending = {};
      try {
        fn();
      } finally {
        const writes = pending;
        pending = null;
        store.setState(writes);
      }
    },
  };
}

/** The read-only view of a store: the same state and subscriptions, no setState. */
export function readonlyStore<S>(store: StoreLike<S>): ReadonlyStore<S> {
  return { getState: store.getState, getInitialState: store.getInitialState, subscribe: store.subscribe };
}
