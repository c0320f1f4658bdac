/**
 * The lab's part of the URL: `faults=a,b` (fault specs in order), `seed`, `tour`, `step` (1-based), `presenter`,
 * `lab` and `matrix` (1 when open).
 *
 * Contract: pure. `parseLabParams` never throws; a value it cannot read is dropped and named in `rejected`
 * (`name=value`, cut to 60 characters), never guessed. Fault specs are only split and trimmed here: whether one
 * applies is the analysis's business (it names the fault that failed). `labSearch` writes only these parameters
 * and keeps every other parameter of `current` in place (the view's rec, s, f, lang, ... belong to ./url.ts).
 * Round trip: parseLabParams(labSearch(v)).lab equals v.
 */
/** A tour id: letters, digits, - and _ (./labTour re-exports it; defined here so the URL code does not load tours). */
export const TOUR_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export interface LabParams {
  faults?: string[];
  seed?: number;
  tour?: string;
  /** 1-based, as shown. */
  step?: number;
  presenter?: boolean;
  lab?: boolean;
  matrix?: boolean;
}

export const LAB_PARAM_NAMES = ['faults', 'seed', 'tour', 'step', 'presenter', 'lab', 'matrix'] as const;

const MAX_FAULTS = 32;
const MAX_SPEC = 64;

function flag(v: string): boolean | null {
  if (v === '1' || v === 'true') return true;
  if (v === '0' || v === 'false') return false;
  return null;
}

export function parseLabParams(search: string): { lab: LabParams; rejected: string[] } {
  const params = new URLSearchParams(search);
  const lab: LabParams = {};
  const rejected: string[] = [];
  const reject = (name: string, value: string) => rejected.push(`${name}=${value.slice(0, 60)}`);

  const faults = params.get('faults');
  if (faults !== null) {
    const specs = faults
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    if (specs.length <= MAX_FAULTS && specs.every((s) => s.length <= MAX_SPEC && /^[A-Za-z0-9:._-]+$/.test(s))) lab.faults = specs;
    else reject('faults', faults);
  }
  const seed = params.get('seed');
  if (seed !== null) {
    if (/^-?\d{1,9}$/.test(seed)) lab.seed = Number(seed);
    else reject('seed', seed);
  }
  const tour = params.get('tour');
  if (tour !== null) {
    if (TOUR_ID.test(tour)) lab.tour = tour;
    else reject('tour', tour);
  }
  const step = params.get('step');
  if (step !== null) {
    if (/^\d{1,4}$/.test(step) && Number(step) >= 1) lab.step = Number(step);
    else reject('step', step);
  }
  for (const name of ['presenter', 'lab', 'matrix'] as const) {
    const v = params.get(name);
    if (v === null) continue;
    const on = flag(v);
    if (on === null) reject(name, v);
    else lab[name] = on;
  }
  return { lab, rejected };
}

/** The search string (with `?`, or '' when empty) with the lab's parameters of `lab`, keeping all others. */
export function labSearch(lab: LabParams, current = ''): string {
  const params = new URLSearchParams(current);
  const set = (name: string, value: string | undefined) => {
    if (value === undefined) params.delete(name);
    else params.set(name, value);
  };
  set('faults', lab.faults && lab.faults.length > 0 ? lab.faults.join(',') : undefined);
  set('seed', lab.seed !== undefined && lab.seed !== 1 ? String(lab.seed) : undefined);
  set('tour', lab.tour);
  set('step', lab.tour !== undefined && lab.step !== undefined && lab.step > 1 ? String(lab.step) : undefined);
  set('presenter', lab.presenter ? '1' : undefined);
  set('lab', lab.lab ? '1' : undefined);
  set('matrix', lab.matrix ? '1' : undefined);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
