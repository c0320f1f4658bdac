// slots.ts: a key that opens again after its slot closed reuses the Slot object for a new buffer; the earlier
// opening must stay closed (closeAllOpen closes each live opening once, in the order opened), and run-log keeps
// each buffer's own fragments.
import { describe, expect, it } from 'vitest';
import { createRunLog } from '../../../src/core/strategies/run-log';
import { closeAllOpen, closeAndParse, newSlots, openSlot, slotForComplete } from '../../../src/core/strategies/slots';
import type { StrategyContext } from '../../../src/core/strategies/types';
import { frameIndex, turnIndex } from '../../../src/core/types';
import { appendText } from './log-text';
import { attemptRows } from '../../../src/core/strategies/attempts';
import { fragmentList } from '../../../src/core/strategies/fragments';
import { bufferRows } from '../../../src/core/strategies/buffers';

const context = (): StrategyContext => ({ wire: 'openai-chat', turn: turnIndex(0), log: createRunLog() });

describe('slots', () => {
  it('a reopened key gets a new buffer; closeAllOpen closes only live openings, in the order opened', () => {
    const ctx = context();
    const slots = newSlots();
    const a = openSlot(slots, ctx, 'a', frameIndex(0), 'id_a', 'f');
    appendText(ctx.log, a.bufferId, frameIndex(0), '{"x":');
    const b = openSlot(slots, ctx, 'b', frameIndex(0));
    appendText(ctx.log, b.bufferId, frameIndex(1), '{}');
    closeAndParse(a, ctx, frameIndex(1), false);
    const again = openSlot(slots, ctx, 'a', frameIndex(2), 'id_a', 'f');
    appendText(ctx.log, again.bufferId, frameIndex(2), '1}');
    expect(again).toBe(a);
    expect([again.bufferId, again.closed, again.sawArgs, again.ready]).toEqual([2, false, false, false]);
    closeAllOpen(slots, ctx, frameIndex(3));
    closeAllOpen(slots, ctx, frameIndex(4));
    const finished = ctx.log.finish();
    const { buffers, calls } = finished;
    const attempts = attemptRows(finished);
    expect(attempts.map((x) => [x.frame, x.bufferId, x.ok])).toEqual([
      [1, 0, false],
      [3, 1, true],
      [3, 2, false],
    ]);
    expect(calls.map((c) => [c.key, c.readyFrame])).toEqual([['b', 3]]);
    expect(bufferRows(buffers).map((x) => [x.key, x.callId, x.text, fragmentList(finished.fragments, x.id)])).toEqual([
      ['a', 'id_a', '{"x":', [{ frame: 0, start: 0, end: 5 }]],
      ['b', undefined, '{}', [{ frame: 1, start: 0, end: 2 }]],
      ['a', 'id_a', '1}', [{ frame: 2, start: 0, end: 2 }]],
    ]);
  });

  it('an open complete slot replaced at its key (a second complete call) is still closed by closeAllOpen', () => {
    const ctx = context();
    const slots = newSlots();
    const first = slotForComplete(slots, ctx, '0', frameIndex(0), '', 'f');
    if (!first) throw new Error('no slot');
    appendText(ctx.log, first.bufferId, frameIndex(0), '{"a":1}');
    const second = slotForComplete(slots, ctx, '0', frameIndex(1), '', 'g');
    if (!second) throw new Error('no slot');
    appendText(ctx.log, second.bufferId, frameIndex(1), '{"b":2}');
    expect(second).not.toBe(first);
    closeAllOpen(slots, ctx, frameIndex(2));
    expect(ctx.log.finish().calls.map((c) => [c.name, c.argsText])).toEqual([
      ['f', '{"a":1}'],
      ['g', '{"b":2}'],
    ]);
  });

  it('a buffer without fragments has none in the run\'s table, between buffers that have some', () => {
    const log = createRunLog();
    const x = log.openBuffer(turnIndex(0), '0', frameIndex(0));
    const y = log.openBuffer(turnIndex(0), '1', frameIndex(0));
    const z = log.openBuffer(turnIndex(0), '2', frameIndex(0));
    appendText(log, z, frameIndex(1), '{}');
    appendText(log, x, frameIndex(2), '[');
    const { buffers, fragments } = log.finish();
    expect([x, y, z]).toEqual([0, 1, 2]);
    expect(bufferRows(buffers).map((b) => fragmentList(fragments, b.id))).toEqual([[{ frame: 2, start: 0, end: 1 }], [], [{ frame: 1, start: 0, end: 2 }]]);
  });
});
