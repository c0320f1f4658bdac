// A small shipped recording asked for ahead of its load (the app, while its first view is painted): its body is
// fetched once, the load takes it from the fetch cache (in flight or done), the player says it is loading from the
// start, and a large one, an unknown id or a failed body are left to the load. cachedFetch shares a request in
// flight, forgets a failed one, and does not hand a request its first asker gave up on to a later one.
import { describe, expect, test, vi } from 'vitest';
import { cachedFetch, type TextFetch } from '../../src/store/loader';
import { PAGE_FETCH_BYTES } from '../../src/store/fetchRecording';
import { createPlayerStore } from '../../src/store/player';
import type { Analyzer } from '../../src/store/state';
import { manualScheduler, twoTurnSession } from './fixture';

const BODY = '{"streamscope":1}\n';

function setup(size: number, body: () => Promise<Uint8Array> = async () => new TextEncoder().encode(BODY)) {
  const index = JSON.stringify({ recordings: [{ id: 'probe', file: 'probe.jsonl', bytes: size }] });
  const text = vi.fn(async (url: string) => (url.endsWith('index.json') ? index : BODY));
  const bytes = vi.fn(body);
  const fetchText: TextFetch = Object.assign(text, { bytes });
  const inputs: (string | Uint8Array)[] = [];
  const analyze: Analyzer = async (input) => {
    inputs.push(input);
    return { ok: true, session: twoTurnSession() };
  };
  const store = createPlayerStore({ analyze, fetchText, scheduler: manualScheduler() });
  return { store, bytes, text, inputs };
}

describe('prefetchRecording', () => {
  test('a small recording: fetched once, while the load waits for that same request', async () => {
    let arrive: (b: Uint8Array) => void = () => {};
    const { store, bytes, inputs } = setup(BODY.length, () => new Promise((r) => (arrive = r)));
    const prefetched = store.actions.prefetchRecording('probe');
    expect(store.getState().status).toEqual({ kind: 'loading', name: 'probe', progress: null });
    await prefetched;
    expect(bytes).toHaveBeenCalledTimes(1);
    // the load starts while the body is still on its way: it shares the request
    const loaded = store.actions.loadRecording('probe');
    await Promise.resolve();
    arrive(new TextEncoder().encode(BODY));
    await loaded;
    expect(bytes).toHaveBeenCalledTimes(1);
    expect(new TextDecoder().decode(inputs[0] as Uint8Array)).toBe(BODY);
    expect(store.getState().status.kind).toBe('ready');
  });

  test('a recording the page would not fetch itself, and an id not in the index, are left to the load', async () => {
    const large = setup(PAGE_FETCH_BYTES + 1);
    await large.store.actions.prefetchRecording('probe');
    expect(large.bytes).not.toHaveBeenCalled();
    const unknown = setup(BODY.length);
    await unknown.store.actions.prefetchRecording('nope');
    expect(unknown.bytes).not.toHaveBeenCalled();
    await unknown.store.actions.loadRecording('nope');
    expect(unknown.store.getState().status.kind).toBe('error');
  });

  test('a body that failed ahead is fetched again by the load, which reports its own outcome', async () => {
    let calls = 0;
    const { store, bytes } = setup(BODY.length, async () => {
      calls++;
      if (calls === 1) throw new Error('HTTP 503');
      return new TextEncoder().encode(BODY);
    });
    await store.actions.prefetchRecording('probe');
    await new Promise((r) => setTimeout(r, 0));
    await store.actions.loadRecording('probe');
    expect(bytes).toHaveBeenCalledTimes(2);
    expect(store.getState().status.kind).toBe('ready');
  });
});

describe('cachedFetch', () => {
  test('shares a request in flight, keeps a finished one after its asker moved on, drops an abandoned one', async () => {
    const resolvers: ((b: Uint8Array) => void)[] = [];
    const bytes = vi.fn((_url: string, _signal: AbortSignal) => new Promise<Uint8Array>((r) => resolvers.push(r)));
    const cached = cachedFetch(Object.assign(async () => '', { bytes }));
    const first = new AbortController();
    const a = cached.bytes!('u', first.signal);
    const b = cached.bytes!('u', new AbortController().signal);
    expect(bytes).toHaveBeenCalledTimes(1);
    resolvers[0]!(new Uint8Array([1]));
    expect(await b).toBe(await a);
    // its first asker gives up after the body is in: still a hit
    first.abort();
    expect(await cached.bytes!('u', new AbortController().signal)).toBe(await a);
    expect(bytes).toHaveBeenCalledTimes(1);
    // a request whose asker gave up while it was on its way is not handed to the next one
    const gone = new AbortController();
    void cached.bytes!('v', gone.signal);
    gone.abort();
    void cached.bytes!('v', new AbortController().signal);
    expect(bytes).toHaveBeenCalledTimes(3);
  });
});
