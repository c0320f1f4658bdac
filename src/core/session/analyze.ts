/**
 * Analysis with the instructor lab's faults: `analyzeText(input, name?, opts?)` = load -> applyFaults(opts.faults,
 * opts.seed) -> analyze (session.ts), so the Session's `recording` IS the faulted one (what an export writes).
 *
 * Contract: a fault that cannot be applied (a bad spec, a frame that does not exist, a Chat-only fault on another
 * wire) makes the result `{ ok: false }` with a one-line message naming the fault and its position, and the fault's
 * `issue` data for the UI to word; `noEffect` lists the positions of faults that changed nothing. `loadFaulted` is
 * the first two stages alone (the worker reports progress between them). Never throws.
 * Everything else is imported from session.ts itself (one owner, no re-export); a page that never applies faults
 * imports only session.ts (no fault code in its bundle).
 */
import { applyFaults } from '../faults';
import { load, type LoadInput } from '../load';
import type { Recording } from '../types';
import { analyze, type AnalyzeFailure, type AnalyzeOptions, type AnalyzeTextResult } from './session';

export type LoadFaultedResult = { ok: true; recording: Recording; noEffect: number[] } | AnalyzeFailure;

/** load -> applyFaults (when any are given). Never throws. */
export function loadFaulted(input: LoadInput, name?: string, opts: Pick<AnalyzeOptions, 'faults' | 'seed'> = {}): LoadFaultedResult {
  const loaded = load(input, name);
  if (!loaded.ok) return loaded;
  const faults = opts.faults ?? [];
  if (faults.length === 0) return { ok: true, recording: loaded.recording, noEffect: [] };
  const applied = applyFaults(loaded.recording, faults, opts.seed ?? 1);
  if (!applied.ok) return { ok: false, error: { message: applied.error }, fault: applied.issue };
  return { ok: true, recording: applied.recording, noEffect: applied.noEffect };
}

export function analyzeText(input: string | Uint8Array, name?: string, opts?: AnalyzeOptions): AnalyzeTextResult {
  const loaded = loadFaulted(input, name, opts);
  if (!loaded.ok) return loaded;
  const session = analyze(loaded.recording, opts);
  return opts?.faults?.length ? { ok: true, session, noEffect: loaded.noEffect } : { ok: true, session };
}
