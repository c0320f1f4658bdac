// Recordings fetched by URL reach the analysis as bytes when the fetcher can give them (the app's default one can), so
// the page never decodes a large text on its main thread; an opened file is kept in the file store in a task of its
// own. Bytes and text of the same recording analyse to the same session.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { generateChat } from '../../bench/lib/generate';
import { analyzeText } from '../../src/core/session/analyze';
import { cachedFetch, defaultFetch, MAX_RECORDING_BYTES, readBodySliced, yieldToPage, type TextFetch } from '../../src/store/loader';
import { createPlayerStore } from '../../src/store/player';
import type { Analyzer, FileStore } from '../../src/store/state';
import { manualScheduler, twoTurnSession } from '../store/fixture';
import { expectStrictEqual } from '../support/strict-equal';

const INDEX = JSON.stringify({ recordings: [{ id: 'probe', file: 'probe.jsonl', group: 'lesson', title: { zh: '探', en: 'Probe' } }] });
const BODY = '{"streamscope":1}\n';

function fetcher(withBytes: boolean) {
  const text = vi.fn(async (url: string) => (url.endsWith('index.json') ? INDEX : BODY));
  const bytes = vi.fn(async () => new TextEncoder().encode(BODY));
  const fetchText: TextFetch = withBytes ? Object.assign(text, { bytes }) : text;
  return { fetchText, text, bytes };
}

function player(fetchText: TextFetch, fileStore?: FileStore) {
  const inputs: (string | Uint8Array)[] = [];
  const session = twoTurnSession();
  const analyze: Analyzer = async (input) => {
    inputs.push(input);
    return { ok: true, session };
  };
  const store = createPlayerStore({ analyze, fetchText, scheduler: manualScheduler(), ...(fileStore && { fileStore }) });
  return { store, inputs, session };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('recordings fetched as bytes', () => {
  test('a fetcher that gives bytes: the recording reaches the analyzer as bytes, index.json still as text', async () => {
    const { fetchText, text, bytes } = fetcher(true);
    const { store, inputs, session } = player(fetchText);
    await store.actions.loadRecording('probe');
    expect(store.getState().session).toBe(session);
    expect(inputs).toHaveLength(1);
    expect(inputs[0]).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(inputs[0] as Uint8Array)).toBe(BODY);
    // with the index's size of the file as a hint (this index gives none)
    expect(bytes).toHaveBeenCalledWith('./recordings/probe.jsonl', expect.any(AbortSignal), undefined);
    expect(text.mock.calls.map(([url]) => url)).toEqual(['./recordings/index.json']);
  });

  test('the index\'s size of a file reaches the fetcher (a small one is read on the page, fetchRecording.ts)', async () => {
    const text = vi.fn(async (url: string) =>
      url.endsWith('index.json') ? JSON.stringify({ recordings: [{ id: 'probe', file: 'probe.jsonl', bytes: BODY.length }] }) : BODY,
    );
    const bytes = vi.fn(async () => new TextEncoder().encode(BODY));
    const { store } = player(Object.assign(text, { bytes }));
    await store.actions.loadRecording('probe');
    expect(bytes).toHaveBeenCalledWith('./recordings/probe.jsonl', expect.any(AbortSignal), BODY.length);
  });

  test('a text-only fetcher (as tests and embedders inject): the recording reaches the analyzer as text', async () => {
    const { fetchText, text } = fetcher(false);
    const { store, inputs } = player(fetchText);
    await store.actions.loadRecording('probe');
    expect(inputs).toEqual([BODY]);
    expect(text.mock.calls.map(([url]) => url)).toEqual(['./recordings/index.json', './recordings/probe.jsonl']);
  });

  test('cachedFetch keeps bytes too (fetched once), and has no bytes when the fetcher has none', async () => {
    const { fetchText, bytes } = fetcher(true);
    const cached = cachedFetch(fetchText);
    const signal = new AbortController().signal;
    expect(cached.bytes).toBeTypeOf('function');
    const a = await cached.bytes?.('u', signal);
    const b = await cached.bytes?.('u', signal);
    expect(b).toBe(a);
    expect(bytes).toHaveBeenCalledOnce();
    expect(cachedFetch(fetcher(false).fetchText).bytes).toBeUndefined();
  });

  test('defaultFetch.bytes: the body undecoded; an HTTP error and a Content-Length over the limit are named', async () => {
    const body = new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0xff, 0x7d]);
    const fetchMock = vi.fn(async (url: string) => {
      if (url === 'ok') return new Response(body, { status: 200 });
      if (url === 'big') return new Response('x', { status: 200, headers: { 'content-length': String(MAX_RECORDING_BYTES + 1) } });
      return new Response('nope', { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const signal = new AbortController().signal;
    expect(defaultFetch.bytes).toBeTypeOf('function');
    expect(Array.from((await defaultFetch.bytes?.('ok', signal)) ?? [])).toEqual(Array.from(body));
    await expect(defaultFetch.bytes?.('missing', signal)).rejects.toThrow('HTTP 404');
    await expect(defaultFetch.bytes?.('big', signal)).rejects.toThrow('over the 200 MB limit');
    await expect(defaultFetch('missing', signal)).rejects.toThrow('HTTP 404');
  });

  test('a body is read from its stream in slices that yield to the page, and arrives whole', async () => {
    const chunks = [Uint8Array.of(1, 2), Uint8Array.of(3), new Uint8Array(0), Uint8Array.of(4, 5, 6), Uint8Array.of(7)];
    const stream = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(c) {
            for (const chunk of chunks) c.enqueue(chunk);
            c.close();
          },
        }),
      );
    const pause = vi.fn(async () => undefined);
    expect(Array.from(await readBodySliced(stream(), 0, pause))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pause).toHaveBeenCalledTimes(chunks.length);
    pause.mockClear();
    expect(Array.from(await readBodySliced(stream(), 60_000, pause))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pause).not.toHaveBeenCalled();
    expect(await readBodySliced(new Response(null), 0, pause)).toEqual(new Uint8Array(0));
    await expect(yieldToPage()).resolves.toBeUndefined();
  });

  test('bytes and text of the same recording analyse to the same session (generated, and a shipped one with CJK text)', () => {
    const shipped = readFileSync(resolve(import.meta.dirname, '../../public/recordings/utf8-split.jsonl'), 'utf8');
    for (const [name, text] of [['gen.jsonl', generateChat(3_000).jsonl], ['utf8-split.jsonl', shipped]] as const) {
      const fromText = analyzeText(text, name);
      const fromBytes = analyzeText(new TextEncoder().encode(text), name);
      expect(fromText.ok).toBe(true);
      expectStrictEqual(structuredClone(fromBytes), structuredClone(fromText));
    }
  });
});

describe('an opened file is kept in the file store in a task of its own', () => {
  function memoryStore() {
    const put = vi.fn(async () => undefined);
    const store: FileStore = { list: async () => [], get: async () => undefined, put, remove: async () => undefined };
    return { store, put };
  }

  test('put runs after the load has started, not in the task that opened the file', async () => {
    vi.useFakeTimers();
    const { store: fileStore, put } = memoryStore();
    const { store } = player(fetcher(false).fetchText, fileStore);
    const loading = store.actions.loadRecording({ input: 'data: 1\n\n', name: 'mine.sse' });
    expect(put).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    await loading;
    expect(put).toHaveBeenCalledWith('mine.sse', 'data: 1\n\n');
  });

  test('a failing store still warns with its message', async () => {
    const fileStore: FileStore = { list: async () => [], get: async () => undefined, put: async () => Promise.reject(new Error('quota exceeded')), remove: async () => undefined };
    const { store } = player(fetcher(false).fetchText, fileStore);
    await store.actions.loadRecording({ input: 'data: 1\n\n', name: 'mine.sse' });
    await new Promise((r) => setTimeout(r, 5));
    expect(store.getState().warnings).toContainEqual({ key: 'app.warn.fileStore', params: { message: 'quota exceeded' } });
  });
});
