import { expect, test } from 'vitest';
import { PENDING_REASON } from '../../../src/core/session/session';
import { turnWhatIf } from '../../../src/ui/waterfall/whatifView';
import { makeSession } from './fixture';
import { turnIndex } from '../../../src/core/types';

// One turn: two read-only calls whose arguments end at 100 and 200 ms (per-call-buffer) or only at the stream end
// (shared-buffer), stream end 1000 ms; read_file ran 300 ms (recorded); grep_search uses the default.
const session = makeSession({
  turns: [{ requestAt: 50, frames: [{ at: 100, kind: 'args', call: true }, { at: 200, kind: 'args' }, { at: 1000, kind: 'other' }] }],
  tools: [{ time: 1100, turn: 0, name: 'read_file', durationMs: 300 }],
  ready: { 'per-call-buffer': [[0, 0, 'read_file'], [0, 1, 'grep_search']], 'shared-buffer': [[0, 2, 'read_file'], [0, 2, 'grep_search']] },
});

test('ready times and schedules per strategy: streaming early execution hides tool time inside the stream', () => {
  const w = turnWhatIf(session, turnIndex(0), 'per-call-buffer', 50);
  expect(w?.streamEndMs).toBe(1000);
  const per = w?.rows.find((r) => r.id === 'per-call-buffer');
  const shared = w?.rows.find((r) => r.id === 'shared-buffer');
  expect(per?.readyMs).toEqual([100, 200]);
  expect(shared?.readyMs).toEqual([1000, 1000]);
  // sequential: 1000 + 300 + 50; batched: 1000 + max(300, 50); early (per-call): both done by 400 ms, so the stream end.
  expect([per?.result?.sequential.finishMs, per?.result?.batched.finishMs, per?.result?.early.finishMs]).toEqual([1350, 1300, 1000]);
  expect(per?.result?.early.savedMs).toBe(350);
  expect(shared?.result?.early.finishMs).toBe(1300);
  expect(w?.durations).toEqual([
    { name: 'read_file', ms: 300, source: 'recorded', safe: true },
    { name: 'grep_search', ms: 50, source: 'default', safe: true },
  ]);
});

test('the default duration feeds calls without a recorded or declared one', () => {
  const w = turnWhatIf(session, turnIndex(0), 'per-call-buffer', 500);
  expect(w?.rows.find((r) => r.id === 'per-call-buffer')?.result?.sequential.finishMs).toBe(1800);
});

test('pending and inapplicable strategies have no result; an unknown turn gives null', () => {
  const pending = { ...session, strategies: { ...session.strategies, 'completed-item': { ...session.strategies['completed-item'], applicable: false, naReason: PENDING_REASON } } };
  const row = turnWhatIf(pending, turnIndex(0), 'per-call-buffer', 50)?.rows.find((r) => r.id === 'completed-item');
  expect(row).toMatchObject({ applicable: false, pending: true, result: null });
  expect(turnWhatIf(session, turnIndex(5), 'per-call-buffer', 50)).toBeNull();
});
