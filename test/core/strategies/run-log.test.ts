// run-log: an attempt logs the same record whether JSON.parse or the fail-fast scan runs first (`whole`).
import { describe, expect, it } from 'vitest';
import { createRunLog } from '../../../src/core/strategies/run-log';
import { frameIndex, turnIndex } from '../../../src/core/types';
import { appendText } from './log-text';
import { attemptRows } from '../../../src/core/strategies/attempts';
import { fragmentList } from '../../../src/core/strategies/fragments';
import { bufferRows } from '../../../src/core/strategies/buffers';

const INPUTS = ['', '{', '{"a":1}', '{"a":1}{"b":2}', '{"a":}', '[1,2', '"x"', 'tru', 'true', '12', '01', '{"a":"\\u00e9"}', ' {"a": [1, {"b": null}]} '];

describe('run-log attempts', () => {
  it.each([false, true])('logs scan-rejected inputs without a message, parse failures with JSON.parse\'s (whole: %s)', (whole) => {
    const log = createRunLog();
    const id = log.openBuffer(turnIndex(0), '0', frameIndex(0));
    for (const [i, input] of INPUTS.entries()) log.attempt(frameIndex(i), turnIndex(0), id, 0, input, false, whole);
    const attempts = attemptRows(log.finish());
    expect(attempts.map((a) => [a.ok, a.error])).toEqual([
      [false, undefined],
      [false, undefined],
      [true, undefined],
      [false, undefined],
      [false, expect.any(String)],
      [false, undefined],
      [true, undefined],
      [false, undefined],
      [true, undefined],
      [true, undefined],
      [false, expect.any(String)],
      [true, undefined],
      [true, undefined],
    ]);
    for (const a of attempts) expect('error' in a).toBe(a.error !== undefined);
  });

  it('keeps the attempts and calls in frame order, sorting only when written out of order', () => {
    const log = createRunLog();
    const id = log.openBuffer(turnIndex(0), '0', frameIndex(0));
    for (const f of [3, 1, 2]) log.attempt(frameIndex(f), turnIndex(0), id, 0, '1');
    expect(attemptRows(log.finish()).map((a) => a.frame)).toEqual([1, 2, 3]);
  });

  it('appends fragments as ranges of one text', () => {
    const log = createRunLog();
    const id = log.openBuffer(turnIndex(0), '0', frameIndex(0), 'call_1');
    expect([appendText(log, id, frameIndex(1), '{"a"'), appendText(log, id, frameIndex(2), ''), appendText(log, id, frameIndex(3), ':1}')]).toEqual([0, 4, 4]);
    const { buffers, fragments } = log.finish();
    expect(bufferRows(buffers)[0]).toMatchObject({ text: '{"a":1}', callId: 'call_1' });
    expect(fragmentList(fragments, id)).toEqual([{ frame: 1, start: 0, end: 4 }, { frame: 2, start: 4, end: 4 }, { frame: 3, start: 4, end: 7 }]);
  });
});
