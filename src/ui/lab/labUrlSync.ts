/**
 * Keeps the lab's URL parameters (store/labUrl: faults, seed, tour, step, presenter, lab, matrix) and one player
 * store in step, next to the view's own sync (shell/urlSync, which keeps parameters it does not own).
 *
 * Contract: `startLabUrl(store, win, apply?)` applies the page's lab parameters once (faults and seed before the first
 * analysis when it runs early enough, else re-analysing; a tour is opened at its step), warns about values it could
 * not read (app.warn.url); with `apply` false (./labUrlStart.ts starts it so when the lab changed on a page whose
 * address held none of them) it writes the lab's state into the address instead. Then it mirrors later lab changes into the URL with replaceState (the lab makes no history
 * entries of its own) and applies them again on popstate. Returns the function that stops it.
 */
import type { LabState } from '../../store/labState';
import type { PlayerStore } from '../../store/player';
import { labSearch, parseLabParams, type LabParams } from '../../store/labUrl';

export function labOf(s: Readonly<LabState>): LabParams {
  return {
    faults: [...s.faults],
    seed: s.seed,
    ...(s.tour && { tour: s.tour.id, step: s.tour.step + 1 }),
    presenter: s.presenter,
    lab: s.labOpen,
    matrix: s.matrixOpen,
  };
}

export async function applyLab(store: PlayerStore, params: LabParams): Promise<void> {
  const a = store.actions;
  const lab = store.lab;
  const s = lab.getState();
  if (params.presenter !== undefined && params.presenter !== s.presenter) a.setPresenter(params.presenter);
  if ((params.lab ?? false) !== s.labOpen) a.setLabOpen(params.lab ?? false);
  if ((params.matrix ?? false) !== s.matrixOpen) a.setMatrixOpen(params.matrix ?? false);
  if (params.tour) {
    if (s.tour?.id !== params.tour) await a.openTour(params.tour);
    const step = (params.step ?? 1) - 1;
    if (lab.getState().tour && lab.getState().tour?.step !== step) await a.tourStep(step);
    return;
  }
  if (s.tour) a.closeTour();
  const faults = params.faults ?? [];
  const seed = params.seed ?? 1;
  const now = lab.getState();
  if (faults.length !== now.faults.length || faults.some((f, i) => f !== now.faults[i]) || seed !== now.seed || seed !== now.applied.seed) await a.setFaults(faults, seed);
}

export function startLabUrl(store: PlayerStore, win: Window = window, apply = true): () => void {
  let applying = apply;
  if (apply) {
    const { lab, rejected } = parseLabParams(win.location.search);
    for (const param of rejected) store.actions.warn({ key: 'app.warn.url', params: { param } });
    void applyLab(store, lab).finally(() => {
      applying = false;
      write();
    });
  }

  function write() {
    const search = labSearch(labOf(store.lab.getState()), win.location.search);
    if (search === win.location.search) return;
    win.history.replaceState(win.history.state, '', `${win.location.pathname}${search}${win.location.hash}`);
  }

  const unsubscribe = store.lab.subscribe((s, prev) => {
    if (applying) return;
    if (
      s.faults !== prev.faults ||
      s.seed !== prev.seed ||
      s.tour?.id !== prev.tour?.id ||
      s.tour?.step !== prev.tour?.step ||
      s.presenter !== prev.presenter ||
      s.labOpen !== prev.labOpen ||
      s.matrixOpen !== prev.matrixOpen
    ) {
      write();
    }
  });
  const onPop = () => void applyLab(store, parseLabParams(win.location.search).lab);
  win.addEventListener('popstate', onPop);
  if (!apply) write();
  return () => {
    unsubscribe();
    win.removeEventListener('popstate', onPop);
  };
}
