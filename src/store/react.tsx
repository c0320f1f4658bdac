/**
 * The React side of a player store: a context provider (one store per player instance) and selector hooks.
 *
 * Contract: the only file of src/store that touches React. Components get the store read-only (no setState) and
 * change it through `useActions()`. `usePlayer(selector)` subscribes through zustand's useSyncExternalStore
 * binding; `useLab(selector)` reads the lab's state the same way (its defaults until the lab's store is loaded,
 * then the store). Select primitives or values that keep their identity (the stores' derived arrays do), never a
 * fresh object per call.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { LabState } from './labState';
import type { PlayerActions, PlayerStore } from './player';
import type { PlayerState } from './state';

const PlayerContext = createContext<PlayerStore | null>(null);

export function PlayerProvider({ store, children }: { store: PlayerStore; children: ReactNode }) {
  return <PlayerContext.Provider value={store}>{children}</PlayerContext.Provider>;
}

export function usePlayerStore(): PlayerStore {
  const store = useContext(PlayerContext);
  if (!store) throw new Error('usePlayerStore: no <PlayerProvider> above this component');
  return store;
}

export function usePlayer<U>(selector: (state: Readonly<PlayerState>) => U): U {
  return useStore(usePlayerStore(), selector);
}

export function useLab<U>(selector: (state: Readonly<LabState>) => U): U {
  return useStore(usePlayerStore().lab, selector);
}

export function useActions(): PlayerActions {
  return usePlayerStore().actions;
}
