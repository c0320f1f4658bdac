/**
 * The user's opened files kept in the browser: what the player needs of them before their store's code is loaded.
 *
 * Contract: `fileStoreNotice(e)` gives the notice of any failure of a file store (a FileStoreError carries its own,
 * in the reader's language; anything else is 'app.warn.fileStore' with the error's message). `deferredFileStore(load)`
 * is a FileStore whose every method first awaits `load()` (called once, on the first use; called again after it
 * failed) and then runs on the store it gave: the page passes the IndexedDB store (./idbFileStore.ts), imported
 * after the first paint, so its code is not among the first paint's.
 * A store may also `survey()` what it keeps (the names it can give, and the entries of the wrong shape it skipped)
 * and `reset()` itself (empty, at the version this build reads); the deferred store passes both on.
 * `damagedNotice(name)` and the notices of ./idbFileStore.ts carry an `action` (ActionNotice): what the reader is
 * offered to do about it, with the catalog key of its label ('files.remove' "Forget this file", 'files.store.reset').
 */
import type { FileStore, Notice } from './state';

/** What a notice offers to do: forget one kept file (actions.forgetFile), or empty the browser's store (reset). */
export type NoticeAction = { kind: 'forgetFile'; name: string; label: 'files.remove' } | { kind: 'resetFileStore'; label: 'files.store.reset' };

/** A notice with something the reader may do about it. */
export interface ActionNotice extends Notice {
  action?: NoticeAction;
}

/** What a store keeps: the names it can give, and the entries it skipped because they are not files it wrote. */
export interface FileSurvey {
  names: string[];
  damaged: string[];
}

/** A FileStore that can survey what it keeps and reset itself (the IndexedDB store). */
export interface CheckedFileStore extends FileStore {
  survey(): Promise<FileSurvey>;
  reset(): Promise<void>;
}

export const isChecked = (store: FileStore): store is CheckedFileStore =>
  typeof (store as Partial<CheckedFileStore>).survey === 'function' && typeof (store as Partial<CheckedFileStore>).reset === 'function';

/** A kept entry of the wrong shape, skipped: named, with "Forget this file". */
export const damagedNotice = (name: string): ActionNotice => ({ key: 'files.damaged', params: { name }, action: { kind: 'forgetFile', name, label: 'files.remove' } });

/** What to tell the reader about a failure of the file store. */
export function fileStoreNotice(e: unknown): Notice {
  // a FileStoreError (./idbFileStore.ts) carries its own notice; it is recognised by name, so this module (which
  // the first view loads) does not import the store's code
  if (e instanceof Error && e.name === 'FileStoreError' && 'notice' in e) return e.notice as Notice;
  return { key: 'app.warn.fileStore', params: { message: e instanceof Error ? e.message : String(e) } };
}

/** A FileStore that loads its implementation on first use (see the contract above). */
export function deferredFileStore(load: () => Promise<FileStore>): CheckedFileStore {
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
    survey: () => loaded().then((s) => (isChecked(s) ? s.survey() : s.list().then((names) => ({ names, damaged: [] })))),
    reset: () => loaded().then((s) => (isChecked(s) ? s.reset() : undefined)),
  };
}
