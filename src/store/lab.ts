/**
 * The instructor lab's logic: faults on demand, the seed, presenter mode, the strategy matrix's open state and
 * guided tours. It runs inside the lab's own store (./labStore.ts), loaded with the lab's first use, and wraps the
 * player: it reads the player's state and changes it only through the player's actions.
 *
 * Contract: `createLab(ctx)` returns the lab's actions, the analyzer the loader must use (it applies the state's
 * faults after loading and keeps the original input) and `installed(session)`, which the store calls when a session
 * is put in place. It writes only the lab's keys (ctx.set). Actions never throw. A fault that cannot be applied is left out of the analysis (the others
 * still apply) and named in `faultErrors` (lab.error.* notices); the state's `faults` then lists what was applied.
 * `setFaults` re-analyses the current source from its original input, keeping the frame; changing faults while a
 * load runs re-analyses once that load is in place. The Session a lab change installs IS the faulted one, so
 * exporting `session.recording` writes the faulted recording.
 * Tour code (./labTour: parsing a tour file, resolving a step's frame) is not part of the first page load: it is
 * imported with the first tour opened, alongside the tour file's fetch. Likewise core/faults is imported only by an
 * analysis with faults on.
 */
import type { FaultError } from '../core/faults';
import type { AnalyzeTextResult } from '../core/session/session';
import type { FrameIndex, Session, StrategyId } from '../core/types';
import { frameIndex } from '../core/types';
import type { LabActions, LabState } from './labState';
import type { LoadOptions, RecordingSource } from './loader';
import type { TourState } from './labTour';
import { TOUR_ID } from './labUrl';
import type { SliceSetter } from './slices';
import type { Analyzer, Notice, PlayerState } from './state';
import type { CodeLang } from './url';

export type { LabActions } from './labState';

export interface LabContext {
  /** The lab's own state, and its setter (lab keys only). */
  get: () => Readonly<LabState>;
  set: SliceSetter<keyof LabState, LabState>;
  /** The player's state, read-only: the lab changes it only through the player's actions below. */
  player: () => Readonly<PlayerState>;
  analyze: Analyzer;
  fetchText: (url: string, signal: AbortSignal) => Promise<string>;
  toursBase: string;
  loadRecording: (src: RecordingSource, options?: LoadOptions) => Promise<void>;
  seek: (frame: FrameIndex) => void;
  setStrategy: (id: StrategyId) => void;
  /** Opens the strategy code view (a tour step's `code`); absent: tours cannot open it. */
  setCode?: (code: CodeLang | null) => void;
  /** The input a session was analysed from, when the player knows it (a session analysed before the lab loaded). */
  inputOf: (session: Session) => { input: string | Uint8Array; name: string } | undefined;
}

interface Analysed {
  input: string | Uint8Array;
  name: string;
  faults: readonly string[];
  seed: number;
  noEffect: readonly number[];
  errors: Notice[];
  version: number;
}

/** The lab.error.* notice for a fault that could not be applied. */
export function faultNotice(issue: FaultError): Notice {
  const params: Record<string, string | number> = { spec: issue.spec, position: (issue.position ?? 0) + 1 };
  for (const [k, v] of Object.entries(issue.values)) params[k] = v;
  return { key: `lab.error.${issue.code}`, params };
}

type TourCode = typeof import('./labTour');
/** ./labTour once imported (the first openTour); a tour in the state implies it is here. */
let tourCode: TourCode | null = null;
const loadTourCode = async (): Promise<TourCode> => (tourCode ??= await import('./labTour'));

const seedOf = (seed: number) => (Number.isFinite(seed) ? Math.trunc(seed) : 1);
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export function createLab(ctx: LabContext) {
  const { get, set, player: p } = ctx;
  const analysed = new WeakMap<Session, Analysed>();
  let current: Analysed | null = null;
  /** Bumped by every change of the requested faults or seed. */
  let version = 0;
  let tourToken = 0;

  const analyze: Analyzer = async (input, name, hooks) => {
    const started = version;
    const seed = get().seed;
    const errors: Notice[] = [];
    const requested = get().faults;
    // the fault code is only needed when faults are on (core's analysis imports it too: then it is already loaded)
    const { parseFault } = requested.length > 0 ? await import('../core/faults') : { parseFault: null };
    let faults = requested.filter((spec) => {
      if (!parseFault) return false;
      const parsed = parseFault(spec);
      if (!parsed.ok) errors.push(faultNotice(parsed.issue));
      return parsed.ok;
    });
    for (;;) {
      const outcome: AnalyzeTextResult = await ctx.analyze(input, name, { ...hooks, faults, seed });
      if (!outcome.ok && outcome.fault && faults.length > 0) {
        errors.push(faultNotice(outcome.fault));
        const at = outcome.fault.position ?? -1;
        faults = at >= 0 && at < faults.length ? faults.filter((_, i) => i !== at) : [];
        continue;
      }
      if (outcome.ok) analysed.set(outcome.session, { input, name, faults, seed, noEffect: outcome.noEffect ?? [], errors, version: started });
      return outcome;
    }
  };

  const reanalyze = async (): Promise<void> => {
    const s = p();
    if (!s.source || !s.session) return;
    const options = { frame: s.frame };
    if (s.source.kind === 'shipped') return ctx.loadRecording(s.source.id, options);
    const from = current ?? ctx.inputOf(s.session);
    if (!from) return;
    return ctx.loadRecording({ input: from.input, name: from.name }, options);
  };

  const installed = (session: Session): void => {
    // a session analysed before the lab's store existed was analysed without faults (the lab's version 0)
    const info: Omit<Analysed, 'input' | 'name'> = analysed.get(session) ?? { faults: [], seed: 1, noEffect: [], errors: [], version: 0 };
    current = analysed.get(session) ?? null;
    const applied = { faults: info.faults, seed: info.seed, noEffect: info.noEffect };
    if (info.version === version) set({ applied, faults: info.faults, faultErrors: info.errors });
    else {
      // the faults changed while this load ran: analyse again with the new ones
      set({ applied });
      void reanalyze();
    }
  };

  const changeFaults = (faults: readonly string[], seed: number): Promise<void> => {
    version++;
    set({ faults: [...faults], seed, faultErrors: [] });
    if (p().status.kind === 'loading') return Promise.resolve();
    const { applied } = get();
    if (same(applied.faults, faults) && applied.seed === seed) return Promise.resolve();
    return reanalyze();
  };

  // The tools (lab, matrix) a tour step opened: the next step, or closing the tour, closes them again, so each
  // step shows only what it points at. A tool the reader had open before stays open.
  const openedByTour = { lab: false, matrix: false };
  const closeToolsOpenedByTour = (keep: string | null): Partial<LabState> => {
    const out: Partial<LabState> = {};
    if (openedByTour.lab && keep !== 'lab') {
      out.labOpen = false;
      openedByTour.lab = false;
    }
    if (openedByTour.matrix && keep !== 'matrix') {
      out.matrixOpen = false;
      openedByTour.matrix = false;
    }
    return out;
  };
  const tourStep = async (index: number): Promise<void> => {
    const tour = get().tour;
    if (!tour) return;
    const i = Math.min(tour.steps.length - 1, Math.max(0, Math.trunc(Number.isFinite(index) ? index : 0)));
    const step = tour.steps[i];
    if (!step) return;
    const token = ++tourToken;
    const before = get();
    const opens: Partial<LabState> = closeToolsOpenedByTour(step.highlight ?? null);
    if (step.highlight === 'lab' && !before.labOpen) {
      opens.labOpen = true;
      openedByTour.lab = true;
    }
    if (step.highlight === 'matrix' && !before.matrixOpen) {
      opens.matrixOpen = true;
      openedByTour.matrix = true;
    }
    set({
      tour: { ...tour, step: i, chosen: null, revealed: false },
      highlight: step.highlight ?? null,
      ...opens,
    });
    if (step.strategy) ctx.setStrategy(step.strategy);
    if (step.code) ctx.setCode?.(step.code);
    const faults = step.faults ?? [];
    if (!same(faults, get().faults)) {
      version++;
      set({ faults: [...faults], faultErrors: [] });
    }
    const source = p().source;
    const otherRec = step.rec !== undefined && (source?.kind !== 'shipped' || source.id !== step.rec);
    if (otherRec && step.rec) await ctx.loadRecording(step.rec);
    else if (!same(get().applied.faults, get().faults) || p().status.kind === 'loading') await reanalyze();
    const { resolveStepFrame } = tourCode ?? (await loadTourCode());
    if (token !== tourToken) return;
    const session = p().session;
    if (session) ctx.seek(resolveStepFrame(step.frame, session, p().strategy));
  };

  const tourFail = (notice: Notice) => set({ tour: null, tourError: notice, highlight: null });

  const actions: LabActions = {
    setFaults: (faults, seed) => changeFaults(faults, seed === undefined ? get().seed : seedOf(seed)),
    setSeed: (seed) => changeFaults(get().faults, seedOf(seed)),
    setLabOpen: (open) => {
      openedByTour.lab = false; // the reader's own choice from now on
      set({ labOpen: open });
    },
    setMatrixOpen: (open) => {
      openedByTour.matrix = false;
      set({ matrixOpen: open });
    },
    setPresenter: (on) => set({ presenter: on }),

    async openTour(id) {
      const token = ++tourToken;
      if (!TOUR_ID.test(id)) return tourFail({ key: 'lab.tour.error.id', params: { id: id.slice(0, 60) } });
      set({ tourError: null });
      let text: string;
      let code: TourCode;
      try {
        [text, code] = await Promise.all([ctx.fetchText(`${ctx.toursBase}${id}.json`, new AbortController().signal), loadTourCode()]);
      } catch (e) {
        if (token === tourToken) tourFail({ key: 'lab.tour.error.fetch', params: { id, message: e instanceof Error ? e.message : String(e) } });
        return;
      }
      if (token !== tourToken) return;
      let json: unknown;
      try {
        json = JSON.parse(text) as unknown;
      } catch (e) {
        return tourFail({ key: 'lab.tour.error.json', params: { id, message: e instanceof Error ? e.message : String(e) } });
      }
      const parsed = code.parseTour(json, id);
      if (!parsed.ok) return tourFail({ key: 'lab.tour.error.format', params: { id, path: parsed.path, expected: parsed.expected } });
      const state: TourState = { ...parsed.tour, step: 0, chosen: null, revealed: false };
      set({ tour: state });
      await tourStep(0);
    },
    closeTour() {
      tourToken++;
      set({ tour: null, highlight: null, tourError: null, ...closeToolsOpenedByTour(null) });
    },
    tourStep,
    tourChoose(choice) {
      const tour = get().tour;
      const step = tour?.steps[tour.step];
      if (!tour || !step?.predict || tour.revealed || !Number.isInteger(choice) || choice < 0 || choice >= step.predict.choices.length) return;
      set({ tour: { ...tour, chosen: choice } });
    },
    tourReveal() {
      const tour = get().tour;
      const step = tour?.steps[tour.step];
      const session = p().session;
      if (!tour || !step?.predict || tour.revealed) return;
      set({ tour: { ...tour, revealed: true } });
      if (!session) return;
      const reveal = step.predict.reveal ?? 'next';
      if (reveal === 'next') return ctx.seek(frameIndex(p().frame + 1));
      const strategy = p().strategy;
      // a tour is open, so its code is loaded (openTour); the import is only the type checker's fallback
      if (tourCode) ctx.seek(tourCode.resolveStepFrame(reveal, session, strategy));
      else void loadTourCode().then((c) => ctx.seek(c.resolveStepFrame(reveal, session, strategy)));
    },
    async openCell(rec, strategy, frame, faults = []) {
      ctx.setStrategy(strategy);
      version++;
      set({ faults: [...faults], faultErrors: [] });
      const s = p();
      const shown = s.source?.kind === 'shipped' && s.source.id === rec && s.status.kind !== 'loading';
      if (shown && same(get().applied.faults, faults)) ctx.seek(frame);
      else if (shown) {
        await reanalyze();
        ctx.seek(frame);
      } else await ctx.loadRecording(rec, { frame });
    },
  };

  return { actions, analyze, installed };
}
