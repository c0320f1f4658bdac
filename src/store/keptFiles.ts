/**
 * What the reader may do about the files kept in the browser: forget one, or reset the whole store when it is damaged
 * or was written by a newer build (the actions the notices of ./files.ts offer).
 *
 * Contract: never throws and never rejects. `forgetFile(name)` removes the entry from the store and from the list
 * (also an entry of the wrong shape, which the list never showed), drops the notices that offered to forget it, and
 * says 'files.removed'; a store that refuses says why (its notice) and changes nothing. `resetFileStore()` empties the
 * store (deleted and made again at the version this build reads), empties the list, drops every notice that offered a
 * reset or a forget, and says 'files.store.resetDone'. Files opened in this page stay open (`inputs` is the loader's
 * in-memory copy, which a forget also drops). Without a store both do nothing.
 */
import { fileStoreNotice, isChecked, type ActionNotice } from './files';
import type { LoaderContext } from './loader';
import type { Notice } from './state';

export interface KeptFileActions {
  forgetFile(name: string): Promise<void>;
  resetFileStore(): Promise<void>;
}

const offers = (n: Notice, test: (action: NonNullable<ActionNotice['action']>) => boolean): boolean => {
  const action = (n as ActionNotice).action;
  return action !== undefined && test(action);
};

export function keptFileActions(ctx: Pick<LoaderContext, 'get' | 'set' | 'warn' | 'fileStore'>, inputs: Map<string, unknown>): KeptFileActions {
  const dropNotices = (test: (action: NonNullable<ActionNotice['action']>) => boolean): void =>
    ctx.set({ warnings: ctx.get().warnings.filter((w) => !offers(w, test)) });

  return {
    async forgetFile(name) {
      const store = ctx.fileStore;
      if (!store) return;
      try {
        await store.remove(name);
      } catch (e) {
        ctx.warn(fileStoreNotice(e));
        return;
      }
      inputs.delete(name);
      ctx.set({ files: ctx.get().files.filter((n) => n !== name) });
      dropNotices((a) => a.kind === 'forgetFile' && a.name === name);
      ctx.warn({ key: 'files.removed', params: { name } });
    },
    async resetFileStore() {
      const store = ctx.fileStore;
      if (!store || !isChecked(store)) return;
      try {
        await store.reset();
      } catch (e) {
        ctx.warn(fileStoreNotice(e));
        return;
      }
      ctx.set({ files: [] });
      dropNotices(() => true);
      ctx.warn({ key: 'files.store.resetDone' });
    },
  };
}
