// Opening a user's file loads its code (./openFile.ts: the size check, reading, the name it is kept under) with the
// first file, so the first screen does not carry it. A chunk that fails to arrive is named in the notice for that
// file, and the next file asks for it again (core/retryImport.ts).
import { retryingImport } from '../../core/retryImport';
import type { PlayerStore } from '../../store/player';
import type { FileStore } from '../../store/state';

type OpenFileCode = Pick<typeof import('./openFile'), 'openUserFile'>;

/** An opener whose code comes from `importCode` (the lazily loaded chunk; tests give a failing one). */
export function openerWith(importCode: () => Promise<OpenFileCode>): (file: File, player: PlayerStore, fileStore: FileStore | null) => Promise<void> {
  const code = retryingImport(importCode);
  return (file, player, fileStore) =>
    code().then(
      (m) => m.openUserFile(file, player, fileStore),
      (e: unknown) => player.actions.warn({ key: 'files.readError', params: { name: file.name, message: e instanceof Error ? e.message : String(e) } }),
    );
}

export const openUserFileLater = openerWith(() => import('./openFile'));
