/**
 * The seam between a player and its lab: the lab's store (./labStore.ts) is imported on the lab's first use, so a
 * page that never opens the lab, a tour, the matrix or presenter mode never loads the lab's code.
 *
 * Contract: `createLabHandle(ctx, initial)` returns
 * - `view`: the lab's state read-only (LAB_DEFAULTS until the store exists; subscribers hear the switch as a change);
 * - `actions`: the lab's actions, the same before and after loading: one that would change nothing on the defaults
 *   (closing what is closed, no faults when there are none) does not load the lab; any other loads it and then
 *   runs, in the order called;
 * - `analyze`: the player's analyzer wrapped by the lab's (faults) once loaded; an analysis started while the lab
 *   loads waits for it, so faults asked for early apply to the first analysis;
 * - `installed(session)`: tells the lab a session was put in place.
 * A lab that cannot be loaded (its chunk failed) leaves the defaults in place, is retried by the next call, and
 * tells the user once per failed attempt (`ctx.warn`, the notice LAB_LOAD_FAILED: what failed, in words, with the
 * error's first line, never a stack).
 */
import type { Session } from '../core/types';
import type { LabContext } from './lab';
import { LAB_DEFAULTS, type LabActions, type LabState, type LabView } from './labState';
import { retryingImport } from '../core/retryImport';
import type { LabStore } from './labStore';
import type { AnalyzeTextResult } from '../core/session/session';
import type { Analyzer, Notice } from './state';

export interface LabHandleContext extends Omit<LabContext, 'get' | 'set' | 'inputOf'> {
  /** Shows the user a notice (the player's warnings). */
  warn: (notice: Notice) => void;
  /** Imports the lab's store (default: its lazily loaded chunk); tests inject a failing one. */
  importLab?: () => Promise<Pick<typeof import('./labStore'), 'createLabStore'>>;
}

/** The notice's key when the lab's code could not be loaded (its params: `message`, the error's first line). */
export const LAB_LOAD_FAILED = 'lab.bar.loadFailed';

/** An error's first line, at most 200 characters: what the user reads (the console has the rest). */
export function errorLine(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  const line = text.split(/\r?\n/, 1)[0]?.trim() ?? '';
  return (line === '' ? (e instanceof Error ? e.name : 'Error') : line).slice(0, 200);
}

export interface LabHandle {
  view: LabView;
  actions: LabActions;
  analyze: Analyzer;
  installed(session: Session): void;
}

export function createLabHandle(ctx: LabHandleContext, initial: Partial<LabState> = {}): LabHandle {
  // a failed fetch of the lab's chunk is fetched again on the next use (core/retryImport.ts says why a plain import is not);
  // an injected importer (tests) is called again as it is
  const { warn, importLab = retryingImport(() => import('./labStore')), ...labCtx } = ctx;
  let lab: LabStore | null = null;
  let loading: Promise<LabStore> | null = null;
  const listeners = new Set<(state: Readonly<LabState>, prev: Readonly<LabState>) => void>();
  const inputs = new WeakMap<Session, { input: string | Uint8Array; name: string }>();
  const notify = (state: Readonly<LabState>, prev: Readonly<LabState>) => {
    for (const l of [...listeners]) l(state, prev);
  };

  const load = (): Promise<LabStore> =>
    (loading ??= importLab().then(
      ({ createLabStore }) => {
        const store = createLabStore({ ...labCtx, inputOf: (s) => inputs.get(s) }, { ...LAB_DEFAULTS, ...initial });
        lab = store;
        store.subscribe(notify);
        if (store.getState() !== LAB_DEFAULTS) notify(store.getState(), LAB_DEFAULTS);
        return store;
      },
      (e: unknown) => {
        loading = null;
        // once per attempt, however many calls waited for it
        warn({ key: LAB_LOAD_FAILED, params: { message: errorLine(e) } });
        throw e;
      },
    ));

  const failed = (e: unknown) => console.error('streamscope: the lab could not be loaded:', e);
  /** Runs `f` on the lab's actions: now when loaded, else once loaded (in call order). */
  const later = (f: (a: LabActions) => void): void => {
    if (lab) return f(lab.actions);
    load().then((l) => f(l.actions), failed);
  };
  const soon = async (f: (a: LabActions) => Promise<void>): Promise<void> => {
    if (lab) return f(lab.actions);
    let l: LabStore;
    try {
      l = await load();
    } catch (e) {
      return failed(e);
    }
    return f(l.actions);
  };
  const state = () => lab?.getState() ?? LAB_DEFAULTS;
  const unchanged = (faults: readonly string[], seed: number) => !lab && faults.length === 0 && seed === state().seed && state().faults.length === 0;

  const actions: LabActions = {
    setFaults: (faults, seed) => (unchanged(faults, seed ?? state().seed) ? Promise.resolve() : soon((a) => a.setFaults(faults, seed))),
    setSeed: (seed) => (unchanged(state().faults, seed) ? Promise.resolve() : soon((a) => a.setSeed(seed))),
    setLabOpen: (open) => (open || lab ? later((a) => a.setLabOpen(open)) : undefined),
    setMatrixOpen: (open) => (open || lab ? later((a) => a.setMatrixOpen(open)) : undefined),
    setPresenter: (on) => (on || lab ? later((a) => a.setPresenter(on)) : undefined),
    openTour: (id) => soon((a) => a.openTour(id)),
    // without the lab there is no tour: closing, stepping, choosing and revealing change nothing
    closeTour: () => lab?.actions.closeTour(),
    tourStep: (index) => (lab ? lab.actions.tourStep(index) : Promise.resolve()),
    tourChoose: (choice) => lab?.actions.tourChoose(choice),
    tourReveal: () => lab?.actions.tourReveal(),
    openCell: (rec, strategy, frame, faults) => soon((a) => a.openCell(rec, strategy, frame, faults)),
  };

  const analyze: Analyzer = async (input, name, hooks) => {
    let l = lab;
    if (!l && loading) l = await loading.catch(() => null);
    const outcome: AnalyzeTextResult = await (l ? l.analyze(input, name, hooks) : ctx.analyze(input, name, hooks));
    if (outcome.ok) inputs.set(outcome.session, { input, name });
    return outcome;
  };

  const view: LabView = {
    get loaded() {
      return lab !== null;
    },
    getState: state,
    getInitialState: () => LAB_DEFAULTS,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load: () => load().then(() => undefined),
  };

  if (Object.keys(initial).length > 0) void load().catch(failed);
  return { view, actions, analyze, installed: (session) => lab?.installed(session) };
}
