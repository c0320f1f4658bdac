/**
 * The React side of a player store: a context provider (one store per player instance) and selector hooks.
 *
 * Contract: the only file of src/store that touches React. `usePlayer(selector)` subscribes through zustand's
 * useSyncExternalStore binding; select primitives or values that keep their identity (the store's derived arrays
 * do), never a fresh object per call.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
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

export function usePlayer<U>(selector: (state: PlayerState) => U): U {
  return useStore(usePlayerStore(), selector);
}

export function useActions(): PlayerActions {
  return usePlayerStore().actions;
}
