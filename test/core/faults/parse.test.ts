import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { describeFault, parseFault, type Fault } from '../../../src/core/faults';

describe('parseFault', () => {
  it('reads every fault with its parameters', () => {
    const cases: [string, Fault][] = [
      ['rechunk:3', { id: 'rechunk', size: 3 }],
      ['cut:12', { id: 'cut', frame: 12 }],
      ['drop:0', { id: 'drop', frame: 0 }],
      ['interleave', { id: 'interleave' }],
      ['reuse-index', { id: 'reuse-index' }],
      ['split-utf8', { id: 'split-utf8' }],
      [' crlf ', { id: 'crlf' }],
      ['bursts:250', { id: 'bursts', everyMs: 250 }],
      ['stall:4:500.5', { id: 'stall', frame: 4, ms: 500.5 }],
    ];
    for (const [spec, fault] of cases) expect(parseFault(spec)).toEqual({ ok: true, fault });
  });

  it.each([
    ['rechunk:0', 'out-of-range', /"rechunk:0": N must be between 1 and/],
    ['cut:x', 'bad-number', /"cut:x": F must be a whole number, got "x"/],
    ['stall:3', 'missing-param', /"stall:3": missing MS \(expected stall:F:MS\)/],
    ['cut:1.5', 'bad-number', /F must be a whole number/],
    ['cut:-1', 'bad-number', /F must be a whole number, got "-1"/],
    ['rechunk', 'missing-param', /missing N/],
    ['crlf:2', 'extra-param', /too many parameters \(expected crlf\)/],
    ['bursts:0', 'out-of-range', /MS must be between 0.1 and 3600000/],
    ['wobble:3', 'unknown-fault', /unknown fault "wobble" .*known: rechunk:N, cut:F/],
    ['', 'empty', /empty fault spec/],
  ])('%s is refused with a message naming what and where', (spec, code, message) => {
    const r = parseFault(spec);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issue.code).toBe(code);
    expect(r.error).toMatch(message);
  });

  it('never throws on junk, and keeps long specs short in messages', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        const r = parseFault(s);
        if (!r.ok) expect(r.error.length).toBeLessThan(400);
      }),
    );
    expect(parseFault(undefined as unknown as string).ok).toBe(false);
  });
});

describe('describeFault', () => {
  it('gives id, params, the wires it applies to, and a spec that parses back', () => {
    expect(describeFault({ id: 'stall', frame: 4, ms: 500 })).toEqual({ id: 'stall', params: { frame: 4, ms: 500 }, spec: 'stall:4:500' });
    expect(describeFault({ id: 'interleave' })).toEqual({ id: 'interleave', params: {}, spec: 'interleave', wires: ['openai-chat'] });
    const faults: Fault[] = [
      { id: 'rechunk', size: 7 },
      { id: 'cut', frame: 3 },
      { id: 'drop', frame: 9 },
      { id: 'bursts', everyMs: 12.5 },
      { id: 'crlf' },
      { id: 'split-utf8' },
      { id: 'reuse-index' },
    ];
    for (const f of faults) expect(parseFault(describeFault(f).spec)).toEqual({ ok: true, fault: f });
  });
});
