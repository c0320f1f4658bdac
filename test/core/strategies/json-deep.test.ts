// JSON helpers at any depth: jsonEqual (the verdicts' deep equality) and jsonTextDepth (the too-deep anomaly) on
// values nested 100,000 levels, built here.
import { describe, expect, it } from 'vitest';
import { analyzeInput } from '../../../src/core/session/session';
import { DEEP_NESTING, jsonEqual, jsonTextDepth } from '../../../src/core/strategies/json';

const D = 100_000;
const objects = (inner: string) => `${'{"a":'.repeat(D)}${inner}${'}'.repeat(D)}`;

describe('JSON helpers at depth 100,000', () => {
  it('jsonEqual compares deep values: key order free, a difference at the bottom found', () => {
    expect(jsonEqual(JSON.parse(objects('{"x":1,"y":2}')), JSON.parse(objects('{"y":2,"x":1}')))).toBe(true);
    expect(jsonEqual(JSON.parse(objects('[1]')), JSON.parse(objects('[2]')))).toBe(false);
    expect(jsonEqual({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true);
    expect(jsonEqual([1, 2], { 0: 1, 1: 2 })).toBe(false);
  });

  it('jsonTextDepth counts open brackets, not those inside strings', () => {
    expect(jsonTextDepth(objects('"[[[["'))).toBe(D);
    expect(jsonTextDepth('{"a":"\\"[[["}')).toBe(1);
    expect(jsonTextDepth('[[[')).toBe(3);
  });

  it('a Chat call whose arguments nest 100,000 levels: analysed, ok, with a too-deep anomaly giving the depth', () => {
    const args = `${'['.repeat(D)}${']'.repeat(D)}`;
    const chunk = (delta: object, finish: string | null = null) => `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const sse = chunk({ tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { name: 'f', arguments: args } }] }) + chunk({}, 'tool_calls') + 'data: [DONE]\n\n';
    const r = analyzeInput(sse, 'deep.sse');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.session.anomalies).toContainEqual(expect.objectContaining({ code: 'too-deep', detail: String(D) }));
    expect(r.session.strategies['per-call-buffer'].verdict).toBe('ok');
    expect(r.session.recording.issues).toEqual([]);
    const shallow = analyzeInput(chunk({ tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { name: 'f', arguments: '['.repeat(DEEP_NESTING) + ']'.repeat(DEEP_NESTING) } }] }) + chunk({}, 'tool_calls'), 'x.sse');
    expect(shallow.ok && shallow.session.anomalies.some((a) => a.code === 'too-deep')).toBe(false);
  });
});
