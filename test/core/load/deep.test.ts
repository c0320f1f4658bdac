// The loader on values nested 100,000 levels where a message quotes them (a turn number, a time, the version, a
// header field; built here): each becomes its usual issue or failure with a short excerpt, never "internal".
import { describe, expect, it } from 'vitest';
import { load } from '../../../src/core/load';
import { jsonText, shownValue } from '../../../src/core/load/issues';
import { english } from '../../../src/core/load/english';

const D = 100_000;
const deep = `${'['.repeat(D)}${']'.repeat(D)}`;
const chunk = '[1,"chunk","data: {}\\n\\n"]';

describe('load: deep values quoted in messages', () => {
  it.each([
    ['a turn number', `{"streamscope":1}\n[0,"req",{}]\n${chunk}\n[2,"final",{"turn":${deep},"message":{}}]\n`, 'unknown-turn'],
    ['a req turn number', `{"streamscope":1}\n[0,"req",{"turn":${deep}}]\n${chunk}\n`, 'turn-number-mismatch'],
    ['a time', `{"streamscope":1}\n[0,"req",{}]\n[${deep},"chunk","data: {}\\n\\n"]\n`, 'bad-time'],
    ['the wire', `{"streamscope":1,"wire":${deep}}\n[0,"req",{}]\n`, 'bad-header-field'],
    ['the provenance kind', `{"streamscope":1,"provenance":{"kind":${deep}}}\n[0,"req",{}]\n`, 'bad-header-field'],
    ['an expected verdict', `{"streamscope":1,"expect":{"shared-buffer":${deep}}}\n[0,"req",{}]\n`, 'bad-header-field'],
  ])('%s', (_label, text, code) => {
    const r = load(text, 'deep.jsonl');
    if (!r.ok) throw new Error(english(r.error));
    const issue = r.recording.issues.find((i) => i.code === code);
    expect(issue && english(issue)).toContain('[[[[[[[[');
    expect(issue && english(issue).length).toBeLessThan(300);
  });

  it('the version', () => {
    const r = load(`{"streamscope":${deep}}\n[0,"req",{}]\n`, 'deep.jsonl');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('header-bad-version');
      expect(english(r.error).length).toBeLessThan(300);
    }
  });

  it('jsonText is JSON.stringify for small values and stops soon after its limit', () => {
    for (const v of [1, 'a"b', null, true, [1, [2, {}]], { a: { b: [] }, c: 'x' }]) expect(jsonText(v)).toBe(JSON.stringify(v));
    expect(jsonText(JSON.parse(deep), 40).length).toBeLessThan(50);
    expect(shownValue('x')).toBe('x');
    expect(shownValue({ a: 1 })).toBe('{"a":1}');
  });
});
