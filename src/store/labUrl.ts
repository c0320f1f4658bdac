/**
 * The lab's part of the URL: `faults=a,b` (fault specs in order), `seed`, `tour`, `step` (1-based), `presenter`,
 * `lab` and `matrix` (1 when open).
 *
 * Contract: pure. Both directions walk one table, LAB_PARAMS (./params.ts). `parseLabParams` never throws; a
 * value it cannot read is dropped and named in `rejected` (`name=value`, cut to 60 characters), never guessed. Fault specs are only split and trimmed here: whether one
 * applies is the analysis's business (it names the fault that failed). `labSearch` writes only these parameters
 * and keeps every other parameter of `current` in place (the view's rec, s, f, lang, ... belong to ./url.ts).
 * Round trip: parseLabParams(labSearch(v)).lab equals v.
 */
import { flag, integer, readParams, writeParams, type ParamTable } from './params';

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

const MAX_FAULTS = 32;
const MAX_SPEC = 64;

function faultList(v: string): string[] | undefined {
  const specs = v
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return specs.length <= MAX_FAULTS && specs.every((s) => s.length <= MAX_SPEC && /^[A-Za-z0-9:._-]+$/.test(s)) ? specs : undefined;
}

/** The lab's rows of the URL table (./params.ts): read and written from this one place. */
export const LAB_PARAMS: ParamTable<LabParams> = {
  faults: { name: 'faults', parse: faultList, serialize: (f) => f.join(','), default: [] },
  seed: integer<LabParams>('seed', /^-?\d{1,9}$/, -Infinity, 1),
  tour: { name: 'tour', parse: (v) => (TOUR_ID.test(v) ? v : undefined), serialize: (v) => v },
  step: { ...integer<LabParams>('step', /^\d{1,4}$/, 1, 1), when: (lab) => lab.tour !== undefined },
  presenter: flag<LabParams>('presenter'),
  lab: flag<LabParams>('lab'),
  matrix: flag<LabParams>('matrix'),
};


export function parseLabParams(search: string): { lab: LabParams; rejected: string[] } {
  const { values, rejected } = readParams(LAB_PARAMS, search);
  return { lab: values, rejected };
}

/** The search string (with `?`, or '' when empty) with the lab's parameters of `lab`, keeping all others. */
export function labSearch(lab: LabParams, current = ''): string {
  return writeParams(LAB_PARAMS, lab, current);
}
