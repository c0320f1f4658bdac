/**
 * Starts the lab's URL sync (./labUrlSync.ts) without carrying its code on the first page (the lab is opt-in).
 *
 * Contract: `startLabUrlLater(store, win)` loads the sync at once when the page's address holds any of the lab's
 * parameters (LAB_PARAM_NAMES; the sync applies them, and warns about those it cannot read); otherwise it loads the
 * sync with the first change of the lab's state (the lab's own chunk has loaded by then: every lab action loads it
 * first), and the sync starts by writing that state into the address. Before that there is nothing to mirror: the
 * lab writes no history entries of its own, so no entry holds a lab parameter. A sync whose code cannot be loaded is
 * reported with the lab's own notice (LAB_LOAD_FAILED). Returns the function that stops it.
 */
import { errorLine, LAB_LOAD_FAILED } from '../../store/labHandle';
import type { PlayerStore } from '../../store/player';

/** The names of store/labUrl.ts LAB_PARAMS (a test keeps the two equal). */
export const LAB_PARAM_NAMES: readonly string[] = ['faults', 'seed', 'tour', 'step', 'presenter', 'lab', 'matrix'];

export function startLabUrlLater(store: PlayerStore, win: Window = window): () => void {
  let stopped = false;
  let stop: (() => void) | undefined;
  let unsubscribe: (() => void) | undefined;
  const load = (apply: boolean) => {
    unsubscribe?.();
    unsubscribe = undefined;
    void import('./labUrlSync').then(
      (m) => {
        if (!stopped) stop = m.startLabUrl(store, win, apply);
      },
      (e: unknown) => store.actions.warn({ key: LAB_LOAD_FAILED, params: { message: errorLine(e) } }),
    );
  };
  const search = new URLSearchParams(win.location.search);
  if (LAB_PARAM_NAMES.some((name) => search.has(name))) load(true);
  else unsubscribe = store.lab.subscribe(() => load(false));
  return () => {
    stopped = true;
    unsubscribe?.();
    stop?.();
  };
}
