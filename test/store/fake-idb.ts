/**
 * A small IndexedDB for Node tests of src/store/idbFileStore.ts: what that store uses, behaving as the standard says.
 * `open(name, version?)` (upgradeneeded when new or higher, VersionError when lower, the current version when none
 * is given), `deleteDatabase`, object stores with a keyPath, indexes (an entry whose index value is not a valid key
 * is not in the index), get / put / delete / getAllKeys in key order, transactions that complete once their
 * requests have, NotFoundError for a store or an index that is not there. Requests answer in a later task.
 * `raw(name)` hands a test the stored data, to damage it as a hand in devtools or another program would.
 */

type Key = number | string | Date | Key[];
interface StoreData {
  keyPath: string;
  records: Map<string, { key: Key; value: unknown }>;
  indexes: Map<string, string>;
}
interface DbData {
  version: number;
  stores: Map<string, StoreData>;
}

const later = (f: () => void) => setTimeout(f, 0);
const domError = (name: string, message: string) => Object.assign(new Error(message), { name });

const validKey = (k: unknown): k is Key =>
  (typeof k === 'number' && !Number.isNaN(k)) || typeof k === 'string' || (k instanceof Date && !Number.isNaN(k.getTime())) || (Array.isArray(k) && k.every(validKey));
const rank = (k: Key) => (typeof k === 'number' ? 0 : k instanceof Date ? 1 : typeof k === 'string' ? 2 : 3);
function compare(a: Key, b: Key): number {
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = compare(a[i] as Key, b[i] as Key);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  const [x, y] = [a instanceof Date ? a.getTime() : a, b instanceof Date ? b.getTime() : b] as [number | string, number | string];
  return x < y ? -1 : x > y ? 1 : 0;
}
const id = (k: Key) => JSON.stringify([rank(k), k instanceof Date ? k.getTime() : k]);

interface FakeRequest<T> {
  result: T;
  error: Error | null;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
  onupgradeneeded?: (() => void) | null;
  onblocked?: (() => void) | null;
}
const newRequest = <T>(): FakeRequest<T> => ({ result: undefined as T, error: null, onsuccess: null, onerror: null, onupgradeneeded: null, onblocked: null });

function transaction(store: StoreData, storeName: string) {
  let pending = 0;
  let ended = false;
  const tx = { oncomplete: null as null | (() => void), onabort: null as null | (() => void), error: null as Error | null, objectStore: (_: string) => api };
  const settle = () => later(() => {
    if (pending === 0 && !ended) {
      ended = true;
      tx.oncomplete?.();
    }
  });
  const ask = <T>(work: () => T) => {
    const req = newRequest<T>();
    pending++;
    later(() => {
      try {
        req.result = work();
        req.onsuccess?.();
      } catch (e) {
        req.error = e as Error;
        req.onerror?.();
      }
      pending--;
      settle();
    });
    return req;
  };
  const sorted = () => [...store.records.values()].sort((a, b) => compare(a.key, b.key));
  const api = {
    name: storeName,
    indexNames: { contains: (n: string) => store.indexes.has(n) },
    get: (key: Key) => ask(() => store.records.get(id(key))?.value),
    put: (value: Record<string, unknown>) =>
      ask(() => {
        const key = value[store.keyPath];
        if (!validKey(key)) throw domError('DataError', 'not a valid key');
        store.records.set(id(key), { key, value });
        return key;
      }),
    delete: (key: Key) => ask(() => void store.records.delete(id(key))),
    getAllKeys: () => ask(() => sorted().map((r) => r.key)),
    index: (name: string) => {
      const path = store.indexes.get(name);
      if (path === undefined) throw domError('NotFoundError', `no index ${name}`);
      return {
        getAllKeys: () =>
          ask(() =>
            sorted()
              .map((r) => ({ r, k: (r.value as Record<string, unknown> | null)?.[path] }))
              .filter((x): x is { r: { key: Key; value: unknown }; k: Key } => validKey(x.k))
              .sort((a, b) => compare(a.k, b.k) || compare(a.r.key, b.r.key))
              .map((x) => x.r.key),
          ),
      };
    },
  };
  settle();
  return tx;
}

export class FakeIndexedDB {
  private readonly dbs = new Map<string, DbData>();

  /** The stored data of a database, for a test to damage (created at `version` with no store when absent). */
  raw(name: string, version = 1): DbData {
    let db = this.dbs.get(name);
    if (!db) this.dbs.set(name, (db = { version, stores: new Map() }));
    return db;
  }

  /** Puts `value` under `key` in a store as it is, shape unchecked (what a damaged store holds). */
  plant(name: string, storeName: string, key: Key, value: unknown): void {
    const store = this.raw(name).stores.get(storeName);
    if (!store) throw new Error(`no store ${storeName}`);
    store.records.set(id(key), { key, value });
  }

  open(name: string, version?: number): FakeRequest<unknown> {
    const req = newRequest<unknown>();
    later(() => {
      const existing = this.dbs.get(name);
      const want = version ?? existing?.version ?? 1;
      if (existing && want < existing.version) {
        req.error = domError('VersionError', `The requested version (${want}) is less than the existing version (${existing.version}).`);
        return req.onerror?.();
      }
      const db = existing ?? { version: want, stores: new Map<string, StoreData>() };
      this.dbs.set(name, db);
      const upgrade = !existing || want > existing.version;
      db.version = want;
      req.result = {
        version: db.version,
        objectStoreNames: { contains: (n: string) => db.stores.has(n) },
        createObjectStore: (n: string, { keyPath }: { keyPath: string }) => {
          const store: StoreData = { keyPath, records: new Map(), indexes: new Map() };
          db.stores.set(n, store);
          return { createIndex: (index: string, path: string) => store.indexes.set(index, path) };
        },
        transaction: (n: string) => {
          const store = db.stores.get(n);
          if (!store) throw domError('NotFoundError', `no object store ${n}`);
          return transaction(store, n);
        },
        close: () => undefined,
        onversionchange: null,
      };
      if (upgrade) req.onupgradeneeded?.();
      req.onsuccess?.();
    });
    return req;
  }

  deleteDatabase(name: string): FakeRequest<undefined> {
    const req = newRequest<undefined>();
    later(() => {
      this.dbs.delete(name);
      req.onsuccess?.();
    });
    return req;
  }

  get factory(): IDBFactory {
    return this as unknown as IDBFactory;
  }
}
