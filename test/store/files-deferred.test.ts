// deferredFileStore: the page's file store whose code loads on first use (after the first paint).
import { describe, expect, test } from 'vitest';
import { deferredFileStore } from '../../src/store/files';
import type { FileStore } from '../../src/store/state';

function memoryStore(): FileStore & { calls: string[] } {
  const files = new Map<string, string | Uint8Array>();
  const calls: string[] = [];
  return {
    calls,
    list: async () => (calls.push('list'), [...files.keys()]),
    get: async (name) => (calls.push(`get ${name}`), files.get(name)),
    put: async (name, input) => void (calls.push(`put ${name}`), files.set(name, input)),
    remove: async (name) => void (calls.push(`remove ${name}`), files.delete(name)),
  };
}

describe('deferredFileStore', () => {
  test('loads nothing until used, then loads once and forwards every method with its arguments', async () => {
    const inner = memoryStore();
    let loads = 0;
    const store = deferredFileStore(async () => (loads++, inner));
    expect(loads).toBe(0);
    await Promise.all([store.put('a.jsonl', 'x'), store.put('b.sse', new Uint8Array([1, 2]))]);
    expect(await store.list()).toEqual(['a.jsonl', 'b.sse']);
    expect(await store.get('b.sse')).toEqual(new Uint8Array([1, 2]));
    await store.remove('a.jsonl');
    expect(await store.list()).toEqual(['b.sse']);
    expect(loads).toBe(1);
    expect(inner.calls).toEqual(['put a.jsonl', 'put b.sse', 'list', 'get b.sse', 'remove a.jsonl', 'list']);
  });

  test('a failed load rejects that call with its error, and the next call loads again', async () => {
    const inner = memoryStore();
    let loads = 0;
    const store = deferredFileStore(async () => {
      loads++;
      if (loads === 1) throw new Error('Failed to fetch dynamically imported module: http://x/idbFileStore.js');
      return inner;
    });
    await expect(store.list()).rejects.toThrow(/idbFileStore/);
    expect(await store.list()).toEqual([]);
    expect(loads).toBe(2);
  });
});
