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
 */
import type { FileStore, Notice } from './state';

/** A failure the reader is told about by a catalog key of its own (in their language), not by the browser's words. */
export class FileStoreError extends Error {
  constructor(
    message: string,
    readonly notice: Notice,
  ) {
    super(message);
    this.name = 'FileStoreError';
  }
}

export const DB_NAME = 'streamscope';
const STORE = 'files';
const VERSION = 1;
const BY_TIME = 'savedAt';

interface StoredFile {
  name: string;
  /** Bytes are kept as a Blob: IndexedDB then stores them without copying them on the page's main thread. */
  input: string | Uint8Array | Blob;
  savedAt: number;
}

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
export function createIdbFileStore(factory: IDBFactory | undefined = globalThis.indexedDB, dbName = DB_NAME): FileStore {
  let db: Promise<IDBDatabase> | null = null;

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
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(new Error(`opening the browser's storage failed: ${errorText(req.error)}`));
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

  return {
    async list() {
      // the names only, in the order saved (never the contents, which may be large)
      const keys = await run('readonly', 'listing your files', (s) => s.index(BY_TIME).getAllKeys());
      return keys.filter((k): k is string => typeof k === 'string');
    },
    async get(name) {
      const found = await run('readonly', `reading “${name}”`, (s) => s.get(name) as IDBRequest<StoredFile | undefined>);
      const input = found?.input;
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
      await run('readwrite', `removing “${name}”`, (s) => s.delete(name));
    },
  };
}

/** Bytes copied into a Blob per task: making the Blob of a large file copies it, so it is made a piece at a time. */
export const BLOB_PIECE = 8 << 20;

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
