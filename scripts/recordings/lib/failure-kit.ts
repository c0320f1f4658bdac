/**
 * Shared scaffolding for the failure-mode builders: one header shape, events laid out over time.
 *
 * Contract: a failure recording is `synthetic` (or `docs` when built straight from a documented example) and its
 * provenance.source names the public issue threads it reproduces. Its title says
 * what goes wrong; its summary says what breaks and which strategy survives, in both languages.
 */
import type { Localized, ProvenanceKind, WireId } from '../../../src/core/types';
import { RecordingWriter, type StrategyExpect } from './recording';
import type { Rng } from './rng';
import { spread } from './timing';

export interface FailureSpec {
  title: Localized;
  summary: Localized;
  wire: WireId;
  kind?: ProvenanceKind;
  /** The issues it reproduces, e.g. "openai-ruby#638". */
  issues: string;
  notes: string;
  server: string;
  model: string;
  expect: StrategyExpect;
}

export function failureWriter(spec: FailureSpec): RecordingWriter {
  return new RecordingWriter({
    title: spec.title,
    description: spec.summary,
    wire: spec.wire,
    provenance: {
      kind: spec.kind ?? 'synthetic',
      source: `reproduces ${spec.issues}`,
      notes: spec.notes,
    },
    server: spec.server,
    model: spec.model,
    expect: spec.expect,
  });
}

/** Writes each event as one network chunk, spaced between `from` and `to` (ms). */
export function layOut(w: RecordingWriter, rng: Rng, events: string[], from: number, to: number): number[] {
  const times = spread(rng, from, to, events.length, 0.6);
  events.forEach((ev, i) => w.chunk(times[i] ?? 0, ev));
  return times;
}

/** Verdict sets that recur. */
export const ALL_FAIL_ANTHROPIC: StrategyExpect = {
  'parse-each-fragment': 'fail',
  'shared-buffer': 'fail',
  'per-call-buffer': 'fail',
  'completed-item': 'n/a',
  'partial-json-preview': 'fail',
  'next-index-closes': 'n/a',
};
