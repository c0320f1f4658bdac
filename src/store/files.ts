/**
 * The user's opened files kept in the browser: what the player needs of them before their store's code is loaded.
 *
 * Contract: `fileStoreNotice(e)` gives the notice of any failure of a file store (a FileStoreError carries its own,
 * in the reader's language; anything else is 'app.warn.fileStore' with the error's message). `deferredFileStore(load)`
 * is a FileStore whose every method first awaits `load()` (called once, on the first use; called again after it
 * failed) and then runs on the store it gave: the page passes the IndexedDB store (./idbFileStore.ts), imported
 * after the first paint, so its code is not among the first paint's.
 */
import type { FileStore, Notice } from './state';

/** What to tell the reader about a failure of the file store. */
export function fileStoreNotice(e: unknown): Notice {
  // a FileStoreError (./idbFileStore.ts) carries its own notice; it is recognised by name, so this module (which
  // the first view loads) does not import the store's code
  if (e instanceof Error && e.name === 'FileStoreError' && 'notice' in e) return e.notice as Notice;
  return { key: 'app.warn.fileStore', params: { message: e instanceof Error ? e.message : String(e) } };
}

/** A FileStore that loads its implementation on first use (see the contract above). */
export function deferredFileStore(load: () => Promise<FileStore>): FileStore {
  let store: Promise<FileStore> | null = null;
  const loaded = (): Promise<FileStore> =>
    (store ??= load().catch((e: unknown) => {
      store = null;
      throw e;
    }));
  return {
    list: () => loaded().then((s) => s.list()),
    get: (name) => loaded().then((s) => s.get(name)),
    put: (name, input) => loaded().then((s) => s.put(name, input)),
    remove: (name) => loaded().then((s) => s.remove(name)),
  };
}
