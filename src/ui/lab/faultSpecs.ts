// Pure helpers of the lab panel: which parameters a fault takes, how a spec is built from the panel's inputs, and
// which of the active specs belong to a fault id. No React, no store: unit-tested on their own.
import { FAULT_WIRES, parseFault, type FaultId } from '../../core/faults';
import type { WireId } from '../../core/types';

export interface ParamField {
  name: string;
  /** A frame parameter defaults to the current frame when left empty. */
  frame: boolean;
  min: number;
  fallback: number;
}

const F: ParamField = { name: 'F', frame: true, min: 0, fallback: 0 };

export const FAULT_PARAMS: Record<FaultId, readonly ParamField[]> = {
  rechunk: [{ name: 'N', frame: false, min: 1, fallback: 3 }],
  cut: [F],
  drop: [F],
  interleave: [],
  'reuse-index': [],
  'split-utf8': [],
  crlf: [],
  bursts: [{ name: 'MS', frame: false, min: 0.1, fallback: 200 }],
  stall: [F, { name: 'MS', frame: false, min: 0.1, fallback: 1000 }],
};

/** The spec for `id` from the panel's raw inputs (empty or unreadable: the default; empty frame: `frame`). */
export function buildSpec(id: FaultId, inputs: Readonly<Record<string, string>>, frame: number): string {
  const values = FAULT_PARAMS[id].map((p) => {
    const raw = (inputs[p.name] ?? '').trim();
    const n = Number(raw);
    if (raw === '' || !Number.isFinite(n) || n < p.min) return p.frame ? Math.max(0, Math.round(frame)) : p.fallback;
    return p.frame || p.name === 'N' ? Math.round(n) : n;
  });
  return [id, ...values.map(String)].join(':');
}

/** The id of a spec, or null when it does not parse. */
export function specId(spec: string): FaultId | null {
  const parsed = parseFault(spec);
  return parsed.ok ? parsed.fault.id : null;
}

/** The parameter inputs a spec holds (to show an active fault's values in its row). */
export function specInputs(spec: string): Record<string, string> {
  const parsed = parseFault(spec);
  if (!parsed.ok) return {};
  const parts = spec.trim().split(':').slice(1);
  const out: Record<string, string> = {};
  FAULT_PARAMS[parsed.fault.id].forEach((p, i) => {
    if (parts[i] !== undefined) out[p.name] = parts[i];
  });
  return out;
}

/** Why a fault cannot apply to this wire (the wires it needs), or null when it can. */
export function wireBlock(id: FaultId, wire: WireId | undefined): readonly WireId[] | null {
  const only = FAULT_WIRES[id];
  if (!only || wire === undefined || only.includes(wire)) return null;
  return only;
}

/** Moves item `i` by `delta` places (clamped); returns a new list. */
export function move<T>(list: readonly T[], i: number, delta: number): T[] {
  const out = [...list];
  const j = Math.min(out.length - 1, Math.max(0, i + delta));
  if (i < 0 || i >= out.length || i === j) return out;
  const [item] = out.splice(i, 1);
  out.splice(j, 0, item as T);
  return out;
}
