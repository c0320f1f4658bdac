import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parsePartialJson } from '../../../src/ui/panels/results/partial';

describe('parsePartialJson', () => {
  it('keeps a half-received string as it stands: the preview that must never run', () => {
    expect(parsePartialJson('{"path": "REA')).toEqual({ ok: true, value: { path: 'REA' }, complete: false });
  });

  it('reads complete JSON as complete', () => {
    expect(parsePartialJson('{"path": "README.md"}')).toEqual({ ok: true, value: { path: 'README.md' }, complete: true });
  });

  it('closes brackets, drops a trailing comma and a dangling key', () => {
    expect(parsePartialJson('{"a": [1, 2,')).toMatchObject({ ok: true, value: { a: [1, 2] } });
    expect(parsePartialJson('{"a": 1, "pa')).toMatchObject({ ok: true, value: { a: 1 } });
    expect(parsePartialJson('{"a": ')).toMatchObject({ ok: true, value: { a: null } });
    expect(parsePartialJson('{"a": tr')).toMatchObject({ ok: true, value: {} });
    expect(parsePartialJson('{"a": "x\\')).toMatchObject({ ok: true, value: { a: 'x' } });
    expect(parsePartialJson('{"a": "x\\u00')).toMatchObject({ ok: true, value: { a: 'x' } });
  });

  it('has nothing to read in an empty fragment', () => {
    expect(parsePartialJson('')).toEqual({ ok: false });
  });

  it('never throws, and every prefix of valid JSON reads as something or nothing', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(), (value, cut) => {
        const text = JSON.stringify(value);
        const prefix = text.slice(0, cut % (text.length + 1));
        const r = parsePartialJson(prefix);
        if (prefix === text) expect(r).toEqual({ ok: true, value: JSON.parse(text), complete: true });
        return r.ok === true || r.ok === false;
      }),
      { numRuns: 300 },
    );
  });
});
