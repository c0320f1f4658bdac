import { describe, expect, it } from 'vitest';
import { explainParseFailure } from '../../../src/ui/conclusion/explain';
import { translate } from '../../../src/i18n';

const parserMessage = (input: string): string => {
  try {
    JSON.parse(input);
    return '';
  } catch (e) {
    return (e as Error).message;
  }
};
const shapeOf = (input: string) => explainParseFailure(input, parserMessage(input)).shape;

describe('explainParseFailure', () => {
  it('says an empty fragment has nothing to read', () => {
    const e = explainParseFailure('', parserMessage(''));
    expect(e.shape).toBe('empty');
    expect(translate('en', e.key, e.params)).toBe("the fragment is empty: JSON.parse('') has nothing to read");
    expect(shapeOf('  \n')).toBe('empty');
  });

  it('recognizes two objects back to back, and counts them', () => {
    const e = explainParseFailure('{"path":"a"}{"path":"b"}', parserMessage('{"path":"a"}{"path":"b"}'));
    expect(e.shape).toBe('concatenated');
    expect(e.params).toEqual({ at: 12, count: 2 });
    expect(translate('en', e.key, e.params)).toContain('two JSON objects back to back are not one JSON value');
    expect(explainParseFailure('{}{} {"a":"}{"}').params.count).toBe(3);
  });

  it('recognizes text that stops before its value closes', () => {
    expect(shapeOf('{"path": "REA')).toBe('truncated');
    expect(explainParseFailure('{"path": "REA').key).toBe('panels.explain.truncated-string');
    expect(explainParseFailure('{"a": [1, 2').key).toBe('panels.explain.truncated');
    expect(shapeOf('tru')).toBe('truncated');
  });

  it('recognizes a fragment cut from the middle of a value', () => {
    const e = explainParseFailure('DME.md"}');
    expect(e.shape).toBe('mid-value');
    expect(e.params.start).toBe('"DME.md\\"}"');
  });

  it('points at a character JSON does not allow', () => {
    const input = '{"a": 1}}';
    const e = explainParseFailure(input, parserMessage(input));
    expect(e.shape).toBe('invalid');
    expect(shapeOf("{'a': 1}")).toBe('invalid');
  });

  it('never throws on odd input', () => {
    for (const s of ['\\', '"', '{"\\', ']]]', '{'.repeat(5000), '\u0000', '[1,2]x']) {
      expect(() => explainParseFailure(s, parserMessage(s))).not.toThrow();
    }
  });
});
