// Loader messages: every issue and failure carries a code and the params of its English template, and its message is
// that template filled in (so the CLI's English and the UI's structured details cannot drift).
import { describe, expect, it } from 'vitest';
import { FAILURE_TEMPLATES, ISSUE_TEMPLATES, LOAD_FAILURE_CODES, load, placeholders, templateId } from '../../../src/core/load';
import type { LoadFailure, LoadIssue } from '../../../src/core/types';
import { FAILURE_INPUTS, ISSUE_INPUTS } from './bad-inputs';
import { english } from '../../../src/core/load/english';

const template = (table: Record<string, string>, id: string): string => {
  const t = table[id];
  if (t === undefined) throw new Error(`no English template ${id}`);
  return t;
};
const place = (p: { line?: number; byteOffset?: number }) => (p.line !== undefined && p.byteOffset !== undefined ? `line ${p.line} (byte ${p.byteOffset}): ` : '');
const TYPES: Record<string, string> = { null: 'null', array: 'an array', object: 'an object', string: 'a string', number: 'a number', boolean: 'a boolean' };

/** The English message written out by hand from the template (independent of the loaders' fill). */
function expected(t: string, p: LoadIssue | LoadFailure): string {
  const params = p.params ?? {};
  return place(p) + t.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = params[name];
    if (v === undefined) return whole;
    return (name === 'type' || name === 'expected') && typeof v === 'string' ? (TYPES[v] ?? v) : String(v);
  });
}

function issuesOf(input: string | Uint8Array, name?: string): readonly LoadIssue[] {
  const r = load(input, name);
  if (!r.ok) throw new Error(`expected a recording, got ${english(r.error)}`);
  return r.recording.issues;
}
function failureOf(input: string | Uint8Array, name?: string): LoadFailure {
  const r = load(input, name);
  if (r.ok) throw new Error('expected a failure');
  return r.error;
}

describe('loader issues: code + params + the English template', () => {
  it.each(ISSUE_INPUTS.map((c) => [c.label, c] as const))('%s', (_label, c) => {
    const issues = issuesOf(c.input, c.name);
    const ids = issues.map((i) => templateId(i.code, i.params));
    for (const id of c.ids) expect(ids, id).toContain(id);
    for (const iss of issues) {
      expect(iss.params, english(iss)).toBeDefined();
      const t = template(ISSUE_TEMPLATES, templateId(iss.code, iss.params));
      for (const name of placeholders(t)) expect(iss.params, `${iss.code}: {${name}}`).toHaveProperty(name);
      expect(english(iss)).toBe(expected(t, iss));
      expect(english(iss)).not.toMatch(/\{\w+\}/);
    }
  });

  it('every issue template is produced by some real input', () => {
    const seen = new Set(ISSUE_INPUTS.flatMap((c) => issuesOf(c.input, c.name).map((i) => templateId(i.code, i.params))));
    expect(Object.keys(ISSUE_TEMPLATES).filter((id) => !seen.has(id))).toEqual([]);
  });

  it('the params hold the input verbatim where the message quotes it (an excerpt, the parser message)', () => {
    const [bad] = issuesOf('{"streamscope":1}\n[0,"req",{}]\n{oops\n');
    expect(bad?.params?.error).toBeTypeOf('string');
    expect(bad && english(bad).endsWith(String(bad.params?.error))).toBe(true);
    const [start] = issuesOf('hello\n', 'x.sse');
    expect(start?.params).toEqual({ start: '"hello"' });
  });
});

describe('loader failures: code + params + the English template', () => {
  it.each(FAILURE_INPUTS.map((c) => [c.label, c] as const))('%s', (_label, c) => {
    const error = failureOf(c.input, c.name);
    expect(error.code).toBe(c.ids[0]);
    expect(LOAD_FAILURE_CODES).toContain(error.code);
    const t = template(FAILURE_TEMPLATES, error.code as string);
    for (const name of placeholders(t)) expect(error.params, `${error.code}: {${name}}`).toHaveProperty(name);
    expect(english(error)).toBe(expected(t, error));
  });

  it('every failure code but two is produced by some real input', () => {
    const seen = new Set(FAILURE_INPUTS.map((c) => failureOf(c.input, c.name).code));
    // 'line1-not-header' guards a line 1 that parses as neither object nor array, which a first character of { or [ rules out;
    // 'json-too-large' needs one JSON document longer than the longest JS string (over 512 MB)
    expect(LOAD_FAILURE_CODES.filter((code) => !seen.has(code))).toEqual(['line1-not-header', 'json-too-large']);
  });
});

describe('english(problem)', () => {
  it('issue and failure codes never share a name (english() looks both up in one table)', () => {
    const issueCodes = Object.keys(ISSUE_TEMPLATES).map((id) => id.split('.')[0]);
    expect(Object.keys(FAILURE_TEMPLATES).filter((code) => issueCodes.includes(code))).toEqual([]);
  });

  it('a carried message wins; a code with no template says the code; the place can be left out', () => {
    expect(english({ code: 'bad-json', message: 'said before', params: { error: 'x' } })).toBe('said before');
    expect(english({ code: 'from-the-future', params: {} })).toBe('from-the-future');
    const placed = { code: 'no-turns', params: {}, line: 4, byteOffset: 90 };
    expect(english(placed)).toBe('line 4 (byte 90): the recording has no "req" and no "chunk": nothing to replay');
    expect(english(placed, { placed: false })).toBe('the recording has no "req" and no "chunk": nothing to replay');
  });
});
