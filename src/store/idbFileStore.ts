/**
 * The user's opened files kept in the browser (IndexedDB), never uploaded: the page's `FileStore`, loaded after the
 * first paint (./files.ts `deferredFileStore`): a page that never lists or saves a file before then does not wait for
 * this code.
 *
 * Contract: one object store `files` in the database `streamscope`, keyed by the file's name, holding
 * `{name, input, savedAt}` (the content as the user gave it: text, or bytes kept as a Blob and read back as bytes).
 * `list()` gives the names (read from an index, without loading any content) in the order they were saved. Every
 * method returns a promise that rejects with an Error naming the operation and the file when IndexedDB is missing,
 * blocked or fails (the player then warns and keeps the file for this page only); nothing here throws synchronously.
 * The database is opened once, on first use. A save refused because the browser's storage for the site is full
 * (QuotaExceededError) rejects with a FileStoreError whose notice says so in the reader's language ('files.quota').
 * A damaged store (another tool, another build, or a hand in the browser's devtools wrote it) loses nothing else:
 * - `survey()` lists the names by the primary keys and the `savedAt` index in one transaction; an entry the index
 *   lacks (no `savedAt` a key can be made of) or whose key is not a string is skipped and returned in `damaged`
 *   (named by its key, as text). `list()` is the survey's names.
 * - `get(name)` of an entry whose value is not `{name, input: text | Blob | bytes, savedAt: number}` rejects with a
 *   FileStoreError 'files.damaged' naming it, offering "Forget this file" (files.ts damagedNotice), instead of
 *   handing the loader something that is not a file. `remove(name)` removes it (a non-string key too, by its name).
 * - A database at a version this build does not know (a newer one), or without the store or index it needs, makes
 *   every method reject with a FileStoreError ('files.store.newer' with the version found and the one read, or
 *   'files.store.unreadable') offering a reset; nothing is changed until `reset()`, which deletes the database and
 *   opens it anew, empty, at VERSION.
 */
import { damagedNotice, type ActionNotice, type CheckedFileStore, type FileSurvey } from './files';

/** A failure the reader is told about by a catalog key of its own (in their language), not by the browser's words. */
export class FileStoreError extends Error {
  constructor(
    message: string,
    readonly notice: ActionNotice,
  ) {
    super(message);
    this.name = 'FileStoreError';
  }
}

export const DB_NAME = 'streamscope';
const STORE = 'files';
export const VERSION = 1;
const BY_TIME = 'savedAt';

interface StoredFile {
  name: string;
  /** Bytes are kept as a Blob: IndexedDB then stores them without copying them on the page's main thread. */
  input: string | Uint8Array | Blob;
  savedAt: number;
}

const RESET = { kind: 'resetFileStore', label: 'files.store.reset' } as const;

/** An entry as this build writes it (anything else in the store is damaged). */
function isStoredFile(value: unknown, key: IDBValidKey): value is StoredFile {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<StoredFile>;
  const input: unknown = v.input;
  return v.name === key && typeof v.savedAt === 'number' && (typeof input === 'string' || input instanceof Blob || input instanceof Uint8Array);
}

/** How a key is named in a notice: a string as it is, anything else as JSON (a number, an array, a date). */
const keyName = (key: IDBValidKey): string => (typeof key === 'string' ? key : key instanceof Date ? key.toISOString() : JSON.stringify(key) ?? String(key));

const isQuota = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && ((e as { name?: unknown }).name === 'QuotaExceededError' || (e as { code?: unknown }).code === 22);

const errorText = (e: unknown) => (e instanceof Error ? e.message : e instanceof DOMException ? e.message : String(e));

function request<T>(req: IDBRequest<T>, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(new Error(`${what}: ${errorText(req.error)}`));
  });
}

class QuotaError extends Error {}

/** A FileStore over `factory` (the page's indexedDB by default). */
/** The version the database is at (opened without one), to name it; null when that fails too. */
function versionFound(factory: IDBFactory, dbName: string): Promise<number | null> {
  return new Promise((resolve) => {
    try {
      const req = factory.open(dbName);
      req.onsuccess = () => {
        const found = req.result.version;
        req.result.close();
        resolve(found);
      };
      req.onerror = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

export function createIdbFileStore(factory: IDBFactory | undefined = globalThis.indexedDB, dbName = DB_NAME): CheckedFileStore {
  let db: Promise<IDBDatabase> | null = null;
  /** Damaged entries whose key is not a string, by the name their notice gave them (remove(name) finds them). */
  const oddKeys = new Map<string, IDBValidKey>();

  const open = (): Promise<IDBDatabase> => {
    db ??= new Promise<IDBDatabase>((resolve, reject) => {
      if (!factory) return reject(new Error('this browser has no IndexedDB'));
      let req: IDBOpenDBRequest;
      try {
        req = factory.open(dbName, VERSION);
      } catch (e) {
        return reject(new Error(`opening the browser's storage failed: ${errorText(e)}`));
      }
      req.onupgradeneeded = () => {
        if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE, { keyPath: 'name' }).createIndex(BY_TIME, 'savedAt');
      };
      req.onblocked = () => reject(new Error("the browser's storage is blocked by another tab"));
      req.onsuccess = () => {
        const opened = req.result;
        // opened at our version, but not as we make it (another program's database of the same name)
        let usable: boolean;
        try {
          usable = opened.objectStoreNames.contains(STORE) && opened.transaction(STORE, 'readonly').objectStore(STORE).indexNames.contains(BY_TIME);
        } catch {
          usable = false;
        }
        if (!usable) {
          opened.close();
          return reject(new FileStoreError(`the browser's storage “${dbName}” is not as this page makes it`, { key: 'files.store.unreadable', action: RESET }));
        }
        // another tab resetting the database: let it
        opened.onversionchange = () => opened.close();
        resolve(opened);
      };
      req.onerror = () => {
        if (req.error?.name !== 'VersionError') return reject(new Error(`opening the browser's storage failed: ${errorText(req.error)}`));
        void versionFound(factory, dbName).then((found) =>
          reject(new FileStoreError(`the browser's storage is at version ${found ?? '?'}, this page reads version ${VERSION}`, { key: 'files.store.newer', params: { found: found ?? '?', reads: VERSION }, action: RESET })),
        );
      };
    });
    // a failed open may succeed later (another tab closed): try again next time
    db.catch(() => {
      db = null;
    });
    return db;
  };

  /** Runs `body` on the object store in one transaction; resolves with its result once the transaction completes. */
  const run = async <T>(mode: IDBTransactionMode, what: string, body: (store: IDBObjectStore) => IDBRequest<T>, quota?: (e: unknown) => boolean): Promise<T> => {
    const database = await open();
    return new Promise<T>((resolve, reject) => {
      let result: T;
      try {
        const tx = database.transaction(STORE, mode);
        const req = body(tx.objectStore(STORE));
        request(req, what).then(
          (r) => (result = r),
          (e: unknown) => reject(quota?.(req.error) ? new QuotaError(String(e)) : e),
        );
        tx.oncomplete = () => resolve(result);
        tx.onabort = () => reject(quota?.(tx.error) ? new QuotaError(what) : new Error(`${what}: ${errorText(tx.error ?? 'aborted')}`));
      } catch (e) {
        reject(quota?.(e) ? new QuotaError(what) : new Error(`${what}: ${errorText(e)}`));
      }
    });
  };

  /** Names by primary key and by the savedAt index, in one transaction: what is listed, and what is damaged. */
  const survey = async (): Promise<FileSurvey> => {
    const database = await open();
    const [all, timed] = await new Promise<[IDBValidKey[], IDBValidKey[]]>((resolve, reject) => {
      try {
        const tx = database.transaction(STORE, 'readonly');
        const store = tx.objectStore(STORE);
        const keys = request(store.getAllKeys(), 'listing your files');
        const byTime = request(store.index(BY_TIME).getAllKeys(), 'listing your files');
        tx.onabort = () => reject(new Error(`listing your files: ${errorText(tx.error ?? 'aborted')}`));
        tx.oncomplete = () => void Promise.all([keys, byTime]).then(resolve, reject);
      } catch (e) {
        reject(new Error(`listing your files: ${errorText(e)}`));
      }
    });
    const indexed = new Set(timed);
    // the names only, in the order saved (never the contents, which may be large)
    const names = timed.filter((k): k is string => typeof k === 'string');
    const damaged: string[] = [];
    for (const key of Array.isArray(all) ? all : []) {
      if (typeof key === 'string' && indexed.has(key)) continue;
      const name = keyName(key);
      if (typeof key !== 'string') oddKeys.set(name, key);
      damaged.push(name);
    }
    return { names: Array.isArray(timed) ? names : [], damaged };
  };

  return {
    async list() {
      return (await survey()).names;
    },
    survey,
    async get(name) {
      const found = await run('readonly', `reading “${name}”`, (s) => s.get(name) as IDBRequest<unknown>);
      if (found === undefined) return undefined;
      if (!isStoredFile(found, name)) throw new FileStoreError(`“${name}” in the browser's storage is not a file this page kept`, damagedNotice(name));
      const input = found.input;
      return input instanceof Blob ? new Uint8Array(await input.arrayBuffer()) : input;
    },
    async put(name, input) {
      // stored as a Blob: a large Uint8Array put as it is would be serialized on the main thread, blocking the page
      const record: StoredFile = { name, input: typeof input === 'string' ? input : await blobOf(input), savedAt: Date.now() };
      try {
        await run('readwrite', `saving “${name}”`, (s) => s.put(record), isQuota);
      } catch (e) {
        if (e instanceof QuotaError) throw new FileStoreError(`saving “${name}”: the browser's storage for this site is full`, { key: 'files.quota', params: { name } });
        throw e;
      }
    },
    async remove(name) {
      const odd = oddKeys.get(name);
      await run('readwrite', `removing “${name}”`, (s) => s.delete(odd ?? name));
      oddKeys.delete(name);
    },
    async reset() {
      const current = db;
      db = null;
      oddKeys.clear();
      if (current) await current.then((d) => d.close(), () => undefined);
      if (!factory) throw new Error('this browser has no IndexedDB');
      await new Promise<void>((resolve, reject) => {
        const req = factory.deleteDatabase(dbName);
        req.onsuccess = () => resolve();
        req.onerror = () => reject(new Error(`emptying the browser's storage failed: ${errorText(req.error)}`));
        req.onblocked = () => reject(new Error("the browser's storage is blocked by another tab"));
      });
    },
  };
}

/**
 * Bytes copied into a Blob per task: making the Blob of a large file copies it, so it is made a piece at a time. 2 MiB,
 * not 8: the copy lands in new memory, and while the analysis worker fills its own copy of the input, a task of 8 MiB
 * took 60 to 150 ms on the bench machine (docs/performance.md, "page1M").
 */
export const BLOB_PIECE = 2 << 20;

/** A Blob of the bytes, built from pieces of BLOB_PIECE bytes, one per task (the pieces are joined without a copy). */
export async function blobOf(bytes: Uint8Array, piece = BLOB_PIECE): Promise<Blob> {
  if (bytes.byteLength <= piece) return new Blob([bytes as Uint8Array<ArrayBuffer>]);
  const parts: Blob[] = [];
  for (let at = 0; at < bytes.byteLength; at += piece) {
    parts.push(new Blob([bytes.subarray(at, at + piece) as Uint8Array<ArrayBuffer>]));
    await new Promise<void>((resolve) => setTimeout(resolve, 0)); // the next piece in a task of its own
  }
  return new Blob(parts);
}
