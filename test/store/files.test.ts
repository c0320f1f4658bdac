// The IndexedDB file store without IndexedDB (Node, a locked-down browser): every method rejects with a message
// naming what failed, nothing throws synchronously, and the player keeps the file for this page with a warning.
// (The real IndexedDB is exercised in Chromium by test/e2e/files.test.ts: files survive a reload.)
import { describe, expect, test } from 'vitest';
import { createIdbFileStore } from '../../src/store/files';

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
