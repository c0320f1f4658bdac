// What rec= may load: ids, relative paths under the recordings folder, https URLs of allowed origins; everything
// else refused by resolveRec, and the loader refuses it with a message naming the value, without any fetch.
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { createLoader } from '../../src/store/loader';
import type { PlayerState } from '../../src/store/state';
import { normalizeOrigins, parseViewParams, resolveRec, REC_MAX } from '../../src/store/url';
import { twoTurnSession } from './fixture';

const ORIGINS = ['https://cdn.example.org', 'https://course.example.edu:8443'];

describe('resolveRec', () => {
  test('ids, paths and allowed URLs', () => {
    expect(resolveRec('parallel-probe', [])).toEqual({ kind: 'id', id: 'parallel-probe' });
    expect(resolveRec('mine.jsonl', [])).toEqual({ kind: 'path', path: 'mine.jsonl' });
    expect(resolveRec('./course/week-1/probe.sse', [])).toEqual({ kind: 'path', path: 'course/week-1/probe.sse' });
    expect(resolveRec('https://cdn.example.org/r/a.jsonl', ORIGINS)).toEqual({ kind: 'url', url: 'https://cdn.example.org/r/a.jsonl' });
    expect(resolveRec('https://CDN.example.org/a.har?x=1', ORIGINS)).toEqual({ kind: 'url', url: 'https://cdn.example.org/a.har?x=1' });
    expect(resolveRec('https://course.example.edu:8443/a.jsonl', ORIGINS).kind).toBe('url');
    // id-shaped values without a recording extension are ids: looked up in index.json, never fetched as paths
    expect(resolveRec('notes.exe', [])).toEqual({ kind: 'id', id: 'notes.exe' });
  });

  test.each([
    'https://evil.example/a.jsonl',
    'https://cdn.example.org.evil.example/a.jsonl',
    'https://cdn.example.org@evil.example/a.jsonl',
    'https://user:pw@cdn.example.org/a.jsonl',
    'https://course.example.edu/a.jsonl', // wrong port
    'http://cdn.example.org/a.jsonl',
    '//evil.example/a.jsonl',
    '/etc/passwd.json',
    '../secret.jsonl',
    'a/../../secret.jsonl',
    '%2e%2e/secret.jsonl',
    '..%2fsecret.jsonl',
    'a\\..\\secret.jsonl',
    'javascript:alert(1)',
    'data:text/plain,x.jsonl',
    'blob:https://cdn.example.org/x',
    'file:///etc/passwd',
    '.hidden.jsonl',
    'a b.jsonl',
  ])('refuses %s', (value) => {
    expect(resolveRec(value, ORIGINS)).toEqual({ kind: 'refused', value });
  });

  test('no value outside the allowed shapes is ever fetchable (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => {
        const r = resolveRec(s, ORIGINS);
        if (r.kind === 'url') expect(ORIGINS.map((o) => new URL(o).origin)).toContain(new URL(r.url).origin);
        if (r.kind === 'path') {
          expect(r.path).not.toMatch(/(^|\/)\.\.?(\/|$)|^\/|:|%|\\/);
          expect(new URL(r.path, 'https://site.example/app/recordings/').href.startsWith('https://site.example/app/recordings/')).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  test('origins are normalised; entries that are not https origins are dropped', () => {
    expect(normalizeOrigins(['https://A.example/', 'http://b.example', 'nonsense', 'https://a.example'])).toEqual(['https://a.example']);
  });

  test('parseViewParams keeps rec as written (bounded), so the loader can name it when refusing', () => {
    expect(parseViewParams('?rec=https%3A%2F%2Fevil.example%2Fx.jsonl').view.rec).toBe('https://evil.example/x.jsonl');
    expect(parseViewParams(`?rec=${'a'.repeat(REC_MAX + 1)}`).view.rec).toBeUndefined();
  });
});

function loaderWith(recordings: { id: string; file: string }[] = []) {
  let state = { recordings: [], files: [], source: null, session: null, status: { kind: 'idle' }, warnings: [] } as unknown as PlayerState;
  const fetchText = vi.fn(async (url: string) => {
    if (url.endsWith('index.json')) return JSON.stringify({ recordings });
    return 'text';
  });
  const fail = vi.fn();
  const install = vi.fn();
  const analyze = vi.fn(async () => ({ ok: true as const, session: twoTurnSession() }));
  const loader = createLoader({
    get: () => state,
    set: (p) => {
      state = { ...state, ...p };
    },
    analyze,
    fetchText,
    base: './recordings/',
    fail,
    warn: vi.fn(),
    beforeLoad: vi.fn(),
    install,
  });
  return { loader, fetchText, fail, install, analyze };
}

describe('loader: rec resolution', () => {
  test('a foreign URL is refused with a message naming it, and nothing but index.json is fetched', async () => {
    const { loader, fetchText, fail, install } = loaderWith();
    await loader.loadRecording('https://evil.example/x.jsonl');
    expect(fail).toHaveBeenCalledWith({ key: 'files.rec.refusedNoOrigins', params: { value: 'https://evil.example/x.jsonl', origins: '' } });
    expect(fetchText.mock.calls.map((c) => c[0])).toEqual(['./recordings/index.json']);
    expect(install).not.toHaveBeenCalled();
  });

  test('a very long refused value is cut in the message', async () => {
    const { loader, fail } = loaderWith();
    await loader.loadRecording(`../${'x'.repeat(500)}`);
    const value = (fail.mock.calls[0]?.[0] as { params: { value: string } }).params.value;
    expect(value.length).toBeLessThanOrEqual(120);
    expect(value.endsWith('…')).toBe(true);
  });

  test('an allowed origin (build-time allowlist) is fetched, and names it in the refusal of others', async () => {
    vi.stubGlobal('__STREAMSCOPE_REC_ORIGINS__', ['https://cdn.example.org']);
    try {
      const { loader, fetchText, fail, install } = loaderWith();
      await loader.loadRecording('https://cdn.example.org/a.jsonl');
      expect(fetchText.mock.calls.map((c) => c[0])).toContain('https://cdn.example.org/a.jsonl');
      expect(install).toHaveBeenCalledOnce();
      await loader.loadRecording('https://evil.example/a.jsonl');
      expect(fail).toHaveBeenCalledWith({ key: 'files.rec.refused', params: { value: 'https://evil.example/a.jsonl', origins: 'https://cdn.example.org' } });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  test('a relative path is fetched under the recordings folder; an index id maps to its file', async () => {
    const { loader, fetchText, install } = loaderWith([{ id: 'probe', file: 'parallel-probe.jsonl' }]);
    await loader.loadRecording('course/week-1.sse');
    await loader.loadRecording('probe');
    expect(fetchText.mock.calls.map((c) => c[0])).toEqual(['./recordings/index.json', './recordings/course/week-1.sse', './recordings/parallel-probe.jsonl']);
    expect(install.mock.calls.map((c) => c[1])).toEqual([
      { kind: 'shipped', id: 'course/week-1.sse' },
      { kind: 'shipped', id: 'probe' },
    ]);
  });

  test('an id that is not in the index is an unknown recording (not fetched)', async () => {
    const { loader, fetchText, fail } = loaderWith();
    await loader.loadRecording('nope');
    expect(fail).toHaveBeenCalledWith({ key: 'app.error.unknownRecording', params: { id: 'nope' } });
    expect(fetchText).toHaveBeenCalledTimes(1);
  });
});

describe('defaultFetch', () => {
  test('refuses a response over 200 MB by its Content-Length, before reading it', async () => {
    const { defaultFetch } = await import('../../src/store/loader');
    const text = vi.fn(async () => 'body');
    vi.stubGlobal('fetch', async () => ({ ok: true, status: 200, headers: new Headers({ 'content-length': String(300 * 1024 * 1024) }), body: null, text }));
    try {
      await expect(defaultFetch('./recordings/huge.jsonl', new AbortController().signal)).rejects.toThrow('300.0 MB, over the 200 MB limit');
      expect(text).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
