import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attemptError } from '../../../src/core/session/view';
import { analyzeInput } from '../../../src/core/session/session';
import { cannotBeJson, parseError } from '../../../src/core/strategies/json';
import { failureMarkers } from '../../../src/store/markers';
import { attemptRows } from '../../../src/core/strategies/attempts';

const throws = (t: string): boolean => parseError(t) !== undefined;

describe('cannotBeJson: a scan that rejects only what JSON.parse rejects', () => {
  it('rejects cut texts and leaves complete ones to JSON.parse', () => {
    for (const t of ['', '  ', '{', '{"a', '{"a":', '{"a":"b\\', '[1,2', '"abc', '{"a":1}x', '{}{}', 'abc', '\u00a0{}', '{"a":"\n"}', '1,"n":2}', '12 3', 'nul', 'note":"x"', 'true}', 'tru']) {
      expect(cannotBeJson(t), JSON.stringify(t)).toBe(true);
      expect(throws(t), JSON.stringify(t)).toBe(true);
    }
    for (const t of ['{}', ' [1, {"a": "}"}] ', '"x\\"y"', '0', '-1', 'true', 'null', '{"a" 1}', '{]', '1e5 ', '-', '01', '1.2.3']) expect(cannotBeJson(t), t).toBe(false);
  });

  it('never rejects a text JSON.parse accepts (any JSON, any whitespace)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom('', ' ', '\n\t', '\r\n '), (v, ws) => {
        const text = ws + JSON.stringify(v, null, ws.length > 1 ? 1 : 0) + ws;
        expect(cannotBeJson(text)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('rejects only texts JSON.parse throws on (prefixes, cuts and mutations of JSON, random strings)', () => {
    const cut = fc.tuple(fc.json(), fc.nat(), fc.nat(), fc.string({ maxLength: 3 })).map(([j, a, b, s]) => {
      const i = a % (j.length + 1);
      return j.slice(0, i) + s + j.slice(i + (b % 3));
    });
    fc.assert(
      fc.property(fc.oneof(cut, fc.string(), fc.json().map((j) => j.slice(0, Math.max(0, j.length - 1)))), (t) => {
        if (cannotBeJson(t)) expect(throws(t)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('an attempt rejected without parsing still shows the parser\'s own message', () => {
  const sse = [
    { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 'c1', function: { name: 'f', arguments: '{"a":' } }] } }] },
    { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '"x"}' } }] } }] },
    { choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
  ]
    .map((d) => `data: ${JSON.stringify(d)}\n\n`)
    .join('');

  it('stores no message, derives JSON.parse\'s, and the verdict carries it', () => {
    const r = analyzeInput(sse, 'x.sse');
    if (!r.ok) throw new Error(r.error.message);
    const run = r.session.strategies['parse-each-fragment'];
    const [first, second] = attemptRows(run);
    expect(first?.ok).toBe(false);
    expect(first?.error).toBeUndefined();
    expect(attemptError(run, first!)).toBe(parseError('{"a":'));
    expect(attemptError(run, second!)).toBe(parseError('"x"}'));
    expect(failureMarkers(r.session, 'parse-each-fragment').map((m) => m.detail)).toEqual([parseError('{"a":'), parseError('"x"}')]);
    expect(run.verdicts[0]).toMatchObject({ reason: 'parse-failed', frame: 0, input: '{"a":', error: parseError('{"a":') });
  });
});
