/**
 * The lab's store: a zustand vanilla store of its own (LabState), created on the lab's first use through a dynamic
 * import (./labHandle.ts), wrapping one player.
 *
 * Contract: `createLabStore(ctx, initial)` creates the store with `initial` and runs the lab (./lab.ts) in it; the
 * returned object is read-only to its users (no setState) and carries the lab's actions, its analyzer and
 * `installed(session)`.
 */
import { createStore } from 'zustand/vanilla';
import { createLab, type LabContext } from './lab';
import type { LabActions, LabState } from './labState';
import { readonlyStore, type ReadonlyStore } from './slices';
import type { Analyzer } from './state';
import type { Session } from '../core/types';

export interface LabStore extends ReadonlyStore<LabState> {
  actions: LabActions;
  analyze: Analyzer;
  installed(session: Session): void;
}

export function createLabStore(ctx: Omit<LabContext, 'get' | 'set'>, initial: LabState): LabStore {
  const store = createStore<LabState>(() => initial);
  const lab = createLab({ ...ctx, get: store.getState, set: store.setState });
  return { ...readonlyStore(store), actions: lab.actions, analyze: lab.analyze, installed: lab.installed };
}
