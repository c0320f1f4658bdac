/**
 * Reading and describing fault specs (`rechunk:3`, `cut:12`, `stall:4:500`, `crlf`, ...).
 *
 * Contract: `parseFault` never throws; it accepts exactly the grammar `id(:param)*` with the parameters each fault
 * declares, surrounding whitespace ignored, and on anything else returns a one-line English error naming the spec,
 * the parameter and what was expected, plus the same facts as data (`issue`) for the UI to word. `describeFault` is
 * its inverse: `parseFault(describeFault(f).spec)` gives `f` back.
 */
import type { WireId } from '../types';
import type { Fault, FaultDescription, FaultError, FaultErrorCode, FaultId, ParseResult } from './types';
import { FAULT_IDS } from './types';

/** Longest silence or burst period a spec may ask for: one hour. */
export const MAX_FAULT_MS = 3_600_000;
const MAX_RECHUNK = 1_000_000;
const MAX_FRAME = 1_000_000_000;

interface ParamSpec {
  name: string;
  kind: 'int' | 'ms';
  min: number;
  max: number;
}

const frameParam: ParamSpec = { name: 'F', kind: 'int', min: 0, max: MAX_FRAME };
const msParam: ParamSpec = { name: 'MS', kind: 'ms', min: 0.1, max: MAX_FAULT_MS };

const PARAMS: Record<FaultId, readonly ParamSpec[]> = {
  rechunk: [{ name: 'N', kind: 'int', min: 1, max: MAX_RECHUNK }],
  cut: [frameParam],
  drop: [frameParam],
  interleave: [],
  'reuse-index': [],
  'split-utf8': [],
  crlf: [],
  bursts: [msParam],
  stall: [frameParam, msParam],
};

/** Wires a fault applies to; absent: all. */
export const FAULT_WIRES: Partial<Record<FaultId, readonly WireId[]>> = {
  interleave: ['openai-chat'],
  'reuse-index': ['openai-chat'],
};

/** `rechunk:N`, `stall:F:MS`, `crlf`: how each fault is written. */
export function faultSyntax(id: FaultId): string {
  return [id, ...PARAMS[id].map((p) => p.name)].join(':');
}

const shown = (s: string): string => JSON.stringify(s.length > 80 ? `${s.slice(0, 77)}...` : s);

function fail(code: FaultErrorCode, spec: string, values: Record<string, string | number>, error: string): ParseResult {
  const issue: FaultError = { code, spec, values };
  return { ok: false, error, issue };
}

function readParam(p: ParamSpec, raw: string): number | null {
  const re = p.kind === 'int' ? /^\d+$/ : /^\d+(\.\d+)?$/;
  if (!re.test(raw)) return null;
  return Number(raw);
}

function build(id: FaultId, values: number[]): Fault {
  const [a = 0, b = 0] = values;
  switch (id) {
    case 'rechunk':
      return { id, size: a };
    case 'cut':
    case 'drop':
      return { id, frame: a };
    case 'bursts':
      return { id, everyMs: a };
    case 'stall':
      return { id, frame: a, ms: b };
    default:
      return { id };
  }
}

export function parseFault(spec: string): ParseResult {
  const text = typeof spec === 'string' ? spec.trim() : '';
  if (text === '') return fail('empty', '', {}, 'empty fault spec');
  const [head = '', ...rest] = text.split(':');
  const id = FAULT_IDS.find((f) => f === head.toLowerCase());
  if (!id) {
    const known = FAULT_IDS.map(faultSyntax).join(', ');
    return fail('unknown-fault', text, { name: head }, `unknown fault ${shown(head)} in ${shown(text)}; known: ${known}`);
  }
  const params = PARAMS[id];
  const syntax = faultSyntax(id);
  if (rest.length < params.length) {
    const missing = params[rest.length]?.name ?? '';
    return fail('missing-param', text, { param: missing, syntax }, `${shown(text)}: missing ${missing} (expected ${syntax})`);
  }
  if (rest.length > params.length) {
    return fail('extra-param', text, { syntax }, `${shown(text)}: too many parameters (expected ${syntax})`);
  }
  const values: number[] = [];
  for (const [i, p] of params.entries()) {
    const raw = rest[i] ?? '';
    const value = readParam(p, raw);
    const what = p.kind === 'int' ? 'a whole number' : 'a number of milliseconds';
    if (value === null) {
      return fail('bad-number', text, { param: p.name, got: raw, syntax }, `${shown(text)}: ${p.name} must be ${what}, got ${shown(raw)} (expected ${syntax})`);
    }
    if (value < p.min || value > p.max) {
      return fail(
        'out-of-range',
        text,
        { param: p.name, got: value, min: p.min, max: p.max },
        `${shown(text)}: ${p.name} must be between ${p.min} and ${p.max}, got ${value}`,
      );
    }
    values.push(value);
  }
  return { ok: true, fault: build(id, values) };
}

export function describeFault(fault: Fault): FaultDescription {
  const params: Record<string, number> = {};
  switch (fault.id) {
    case 'rechunk':
      params.size = fault.size;
      break;
    case 'cut':
    case 'drop':
      params.frame = fault.frame;
      break;
    case 'bursts':
      params.everyMs = fault.everyMs;
      break;
    case 'stall':
      params.frame = fault.frame;
      params.ms = fault.ms;
      break;
    default:
      break;
  }
  const spec = [fault.id, ...Object.values(params).map(String)].join(':');
  const wires = FAULT_WIRES[fault.id];
  return wires ? { id: fault.id, params, spec, wires } : { id: fault.id, params, spec };
}
