// @vitest-environment jsdom
// Load problems in the reader's language: every issue and failure the loaders give for real bad inputs is worded by
// the 'load' catalog in en and zh, the en wording is exactly the loaders' English message, zh leaves no English
// sentence and no unfilled {param}; an issue this build cannot word shows its message; file text stays inert.
import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { FAILURE_TEMPLATES, ISSUE_TEMPLATES, load } from '../../src/core/load';
import { TYPE_TOKENS } from '../../src/core/load/messages';
import type { LoadFailure, LoadIssue } from '../../src/core/types';
import { createPlayerStore } from '../../src/store/player';
import { unreadable } from '../../src/store/loader';
import { PlayerProvider } from '../../src/store/react';
import { catalogs, translate, translator, type Lang, type MessageKey, type Params } from '../../src/i18n';
import { LoadIssues } from '../../src/ui/shell/LoadIssues';
import { issueWording } from '../../src/i18n/issues';
import { LoadStatus } from '../../src/ui/shell/LoadStatus';
import { FAILURE_INPUTS, ISSUE_INPUTS } from '../core/load/bad-inputs';
import { manualScheduler } from '../store/fixture';
import { english } from '../../src/core/load/english';

afterEach(cleanup);

const issuesOf = (input: string | Uint8Array, name?: string): readonly LoadIssue[] => {
  const r = load(input, name);
  if (!r.ok) throw new Error(english(r.error));
  return r.recording.issues;
};
const failureOf = (input: string | Uint8Array, name?: string): LoadFailure => {
  const r = load(input, name);
  if (r.ok) throw new Error('expected a failure');
  return r.error;
};
const ALL_ISSUES = ISSUE_INPUTS.flatMap((c) => issuesOf(c.input, c.name));
const ALL_FAILURES = FAILURE_INPUTS.map((c) => ({ name: c.name ?? 'pasted.txt', error: failureOf(c.input, c.name) }));

/** An issue worded as a string in `lang`, with its place. */
function issueText(issue: LoadIssue, lang: Lang): string {
  const wording = issueWording(issue, lang);
  if (!wording) throw new Error(`cannot word ${issue.code}: ${english(issue)}`);
  const detail = translate(lang, wording.key, wording.params);
  return issue.line !== undefined && issue.byteOffset !== undefined ? translate(lang, 'load.at', { line: issue.line, byte: issue.byteOffset, detail }) : detail;
}

/** English left in a sentence: two English words in a row, once quoted input, JSON shapes and params are taken out. */
function englishLeft(text: string, params: Params = {}): string[] {
  let s = text;
  for (const v of Object.values(params)) if (typeof v === 'string' && v.length > 1) s = s.split(v).join(' ');
  for (let prev = ''; prev !== s; ) {
    prev = s;
    s = s.replace(/"[^"]*"|\[[^[\]]*\]|\{[^{}]*\}/g, ' ');
  }
  return s.match(/[A-Za-z]{2,}[\s,;:]+[A-Za-z]{2,}/g) ?? [];
}

describe('the load catalog', () => {
  test('has every issue template and failure code, in en and zh', () => {
    const keys = [
      ...Object.keys(ISSUE_TEMPLATES).map((id) => `load.issue.${id}`),
      ...Object.entries(FAILURE_TEMPLATES).flatMap(([code, text]) => {
        const ids = text.includes('{type}') ? TYPE_TOKENS.map((t) => `${code}.${t}`) : [code];
        return ids.flatMap((id) => [`load.failure.${id}`, `load.failureAt.${id}`]);
      }),
      ...TYPE_TOKENS.map((t) => `load.type.${t}`),
      'load.at',
    ];
    const missing = keys.filter((k) => !catalogs.en[k] || !catalogs.zh[k]);
    expect(missing).toEqual([]);
    expect(keys.length).toBeGreaterThan(80);
  });

  test('every issue code, the loaders\' and the analysis\' (wire-not-detected), has a title in en and zh', () => {
    const codes = [...new Set(Object.keys(ISSUE_TEMPLATES).map((k) => k.split('.')[0] as string)), 'wire-not-detected'];
    for (const lang of ['en', 'zh'] as const) for (const code of codes) expect(catalogs[lang], `${lang} app.issue.${code}`).toHaveProperty([`app.issue.${code}`]);
  });

  test('the English-sentence check finds English (so it can fail)', () => {
    expect(englishLeft(issueText(ALL_ISSUES[0]!, 'en'), ALL_ISSUES[0]!.params)).not.toEqual([]);
    expect(englishLeft('已跳过此行 line skipped')).toEqual(['line skipped']);
  });
});

describe('issues from real bad inputs', () => {
  test('the inputs give every issue template', () => {
    expect(new Set(ALL_ISSUES.map((i) => issueWording(i, 'en')?.key)).size).toBe(Object.keys(ISSUE_TEMPLATES).length);
  });

  test.each(ALL_ISSUES.map((i) => [english(i), i] as const))('%s', (_m, issue) => {
    // en: the catalog says exactly what the loaders (and the CLI) say
    expect(issueText(issue, 'en')).toBe(english(issue));
    // zh: every param filled, no English sentence left, some Chinese
    const zh = issueText(issue, 'zh');
    expect(zh).not.toMatch(/\{\w+\}/);
    expect(englishLeft(zh, issue.params)).toEqual([]);
    expect(zh).toMatch(/[\u4e00-\u9fff]/);
    // the parser's own words and quoted input appear verbatim
    for (const name of ['error', 'start', 'value', 'event', 'char']) {
      const v = issue.params?.[name];
      if (typeof v === 'string') expect(zh).toContain(v);
    }
  });
});

describe('failures from real bad inputs', () => {
  test.each(ALL_FAILURES.map((f) => [english(f.error), f] as const))('%s', (_m, { name, error }) => {
    const notice = unreadable(name, error);
    expect(notice.key.startsWith('load.failure')).toBe(true);
    for (const lang of ['en', 'zh'] as const) expect(catalogs[lang][notice.key], `${lang} ${notice.key}`).toBeDefined();
    expect(translate('en', notice.key as MessageKey, notice.params)).toBe(`${name} could not be read: ${english(error)}`);
    const zh = translate('zh', notice.key as MessageKey, notice.params);
    expect(zh).not.toMatch(/\{\w+\}/);
    expect(englishLeft(zh, { ...error.params, name })).toEqual([]);
    expect(zh).toContain(name);
    if (typeof error.params?.error === 'string') expect(zh).toContain(error.params.error);
  });

  test('a failure without a code (an analysis failure, an older build) keeps the message notice', () => {
    expect(unreadable('f.jsonl', { message: 'boom', line: 2, byteOffset: 9 })).toEqual({
      key: 'app.error.loadAtLineByte',
      params: { name: 'f.jsonl', message: 'boom', line: 2, byte: 9 },
    });
    expect(unreadable('f.jsonl', { message: 'boom', code: 'no-such-code', params: {} }).key).toBe('app.error.load');
  });
});

describe('rendering', () => {
  test('an issue this build cannot word shows its English message', () => {
    const older: LoadIssue = { code: 'bad-json', message: 'line 2 (byte 5): not JSON, line skipped: oops', line: 2, byteOffset: 5 };
    const unknown: LoadIssue = { code: 'from-the-future', message: 'something new', params: { x: 1 } };
    const halfParams: LoadIssue = { code: 'bad-time', message: 'line 3 (byte 7): the time is …', line: 3, byteOffset: 7, params: { type: 'string' } };
    for (const i of [older, unknown, halfParams]) expect(issueWording(i, 'zh')).toBeNull();
    const { container } = render(<LoadIssues issues={[older, unknown, halfParams]} t={translator('zh')} lang="zh" />);
    const text = container.textContent ?? '';
    for (const i of [older, unknown, halfParams]) expect(text).toContain(i.message as string);
    // an issue without params whose sentence needs none is still worded
    expect(issueWording({ code: 'no-turns', message: 'x' }, 'zh')?.key).toBe('load.issue.no-turns');
  });

  test('zh issues from a hostile file: Chinese words, file text in <bdi>, nothing injected', () => {
    const issues = [...issuesOf(ISSUE_INPUTS[0]!.input), ...issuesOf(ISSUE_INPUTS[5]!.input), ...issuesOf('<img src=x onerror=alert(1)><script>\n', 'x.sse')];
    const { container } = render(<LoadIssues issues={issues} t={translator('zh')} lang="zh" />);
    expect(container.querySelectorAll('img, script').length).toBe(0);
    const text = container.textContent ?? '';
    expect(text).toContain('第 3 行（字节');
    expect(text).toContain('已忽略头部字段');
    expect(text).not.toContain('line skipped');
    const bdis = [...container.querySelectorAll('bdi')].map((b) => b.textContent);
    expect(bdis.some((b) => b?.includes('onerror'))).toBe(true);
    expect(bdis.some((b) => b?.includes('\u202E'))).toBe(true);
    expect(bdis.some((b) => b?.includes('<script>'))).toBe(true);
  });

  test('an unreadable hostile file: the alert is worded in zh, its name and excerpt isolated, nothing injected', async () => {
    const c = FAILURE_INPUTS.find((f) => f.ids[0] === 'unknown-format')!;
    const error = failureOf(c.input, c.name);
    const store = createPlayerStore({ analyze: async () => ({ ok: false, error }), scheduler: manualScheduler(), lang: 'zh' });
    const name = '<img src=x onerror=alert(1)>\u202E.txt';
    await store.actions.loadRecording({ input: 'x', name });
    const { container } = render(
      <PlayerProvider store={store}>
        <LoadStatus />
      </PlayerProvider>,
    );
    const alert = container.querySelector('[role=alert]')?.textContent ?? '';
    expect(alert).toContain(`无法读取 \u2068${name}\u2069：第 1 行（字节 0）：既不是 Streamscope 录制`);
    expect(alert).toContain(`\u2068${String(error.params?.start)}\u2069`);
    expect(container.querySelectorAll('img').length).toBe(0);
  });
});
