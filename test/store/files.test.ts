// The IndexedDB file store without IndexedDB (Node, a locked-down browser): every method rejects with a message
// naming what failed, nothing throws synchronously, and the player keeps the file for this page with a warning.
// (The real IndexedDB is exercised in Chromium by test/e2e/files.test.ts: files survive a reload.) Forgetting a kept
// file goes through the store (forgetFile): storage and the list agree, and a refusal is worded.
import { describe, expect, test, vi } from 'vitest';
import { analyzeInput } from '../../src/core/session/session';
import { blobOf, createIdbFileStore } from '../../src/store/idbFileStore';
import { createPlayerStore } from '../../src/store/player';
import type { Analyzer, FileStore } from '../../src/store/state';
import { manualScheduler } from './fixture';

describe('createIdbFileStore without IndexedDB', () => {
  test('each method rejects with a clear message', async () => {
    const store = createIdbFileStore(undefined);
    await expect(store.list()).rejects.toThrow('this browser has no IndexedDB');
    await expect(store.get('a.sse')).rejects.toThrow('this browser has no IndexedDB');
    await expect(store.put('a.sse', 'data: 1\n\n')).rejects.toThrow('this browser has no IndexedDB');
    await expect(store.remove('a.sse')).rejects.toThrow('this browser has no IndexedDB');
  });

  test('a factory whose open() throws (storage disabled) gives a rejection, not a throw', async () => {
    const factory = {
      open() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    } as unknown as IDBFactory;
    const store = createIdbFileStore(factory);
    const p = store.list();
    await expect(p).rejects.toThrow("opening the browser's storage failed: The operation is insecure.");
  });
});

describe('forgetFile', () => {
  const memoryStore = (names: string[], failRemove = false): FileStore & { names: string[] } => ({
    names,
    list: async () => [...names],
    get: async (name) => (names.includes(name) ? 'data: {}\n\n' : undefined),
    put: async (name) => void names.push(name),
    remove: async (name) => {
      if (failRemove) throw new Error('the disk is read-only');
      names.splice(names.indexOf(name), 1);
    },
  });
  const analyze: Analyzer = async (input, name) => analyzeInput(input, name);

  test('removes the file from storage and from the list, and says so', async () => {
    const kept = memoryStore(['a.sse', 'b.sse']);
    const store = createPlayerStore({ analyze, fetchText: async () => '{"recordings":[]}', scheduler: manualScheduler(), fileStore: kept });
    await store.actions.loadIndex();
    await vi.waitFor(() => expect(store.getState().files).toEqual(['a.sse', 'b.sse']), { timeout: 10_000 });
    await store.actions.forgetFile('a.sse');
    expect(kept.names).toEqual(['b.sse']);
    expect(store.getState().files).toEqual(['b.sse']);
    expect(store.getState().warnings.at(-1)).toMatchObject({ key: 'files.removed', params: { name: 'a.sse' } });
  });

  test('when storage refuses, the file stays listed and the warning says why', async () => {
    const kept = memoryStore(['a.sse'], true);
    const store = createPlayerStore({ analyze, fetchText: async () => '{"recordings":[]}', scheduler: manualScheduler(), fileStore: kept });
    await store.actions.loadIndex();
    await vi.waitFor(() => expect(store.getState().files).toEqual(['a.sse']), { timeout: 10_000 });
    await store.actions.forgetFile('a.sse');
    expect(store.getState().files).toEqual(['a.sse']);
    expect(store.getState().warnings.at(-1)).toMatchObject({ key: 'app.warn.fileStore', params: { message: 'the disk is read-only' } });
  });
});

describe('blobOf: the Blob a file is kept as', () => {
  test('holds the same bytes, built from pieces one task apart when larger than a piece', async () => {
    const bytes = Uint8Array.from({ length: 1000 }, (_, i) => (i * 7) % 256);
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 0);
    try {
      for (const piece of [64, 1000, 4096]) {
        const blob = await blobOf(bytes, piece);
        expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
      }
      const before = ticks;
      await blobOf(bytes, 100);
      // ten pieces, a task each: timers ran in between
      expect(ticks).toBeGreaterThan(before);
    } finally {
      clearInterval(ticker);
    }
  });
});
