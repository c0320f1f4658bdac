// Opening a File the user gave (input, drop) or pasted text: the size is checked before anything is read; read
// failures are named. A name that is already in "Your files" never replaces that file: the same content opens
// again under its name, other content is kept beside it as "name (2).ext" with a notice saying so.
import { freeName, sameContent } from '../../store/files-names';
import type { PlayerStore } from '../../store/player';
import type { FileStore } from '../../store/state';
import { sizeNotice } from './limits';

/** The name to open `input` under: `name`, or a free one when a different file already has it. */
export async function keptName(name: string, input: string | Uint8Array, player: PlayerStore, fileStore: FileStore | null): Promise<string> {
  let taken: readonly string[] = player.getState().files;
  // the stored list may not have been read yet (a file dropped as the page opens)
  if (fileStore) taken = [...taken, ...(await fileStore.list().catch(() => []))];
  if (!taken.includes(name)) return name;
  const kept = fileStore ? await fileStore.get(name).catch(() => undefined) : undefined;
  if (kept !== undefined && sameContent(kept, input)) return name;
  const free = freeName(name, taken);
  player.actions.warn({ key: 'files.renamed', params: { name, kept: free } });
  return free;
}

export async function openUserFile(file: File, player: PlayerStore, fileStore: FileStore | null): Promise<void> {
  const { actions } = player;
  const refused = sizeNotice(file.name, file.size);
  if (refused) return actions.warn(refused);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (e) {
    return actions.warn({ key: 'files.readError', params: { name: file.name, message: e instanceof Error ? e.message : String(e) } });
  }
  await actions.loadRecording({ input: bytes, name: await keptName(file.name, bytes, player, fileStore) });
}

/** Opens pasted text under `name`, with the same size limit (measured in UTF-8 bytes). */
export async function openPastedText(text: string, name: string, player: PlayerStore, fileStore: FileStore | null): Promise<void> {
  const refused = sizeNotice(name, new Blob([text]).size);
  if (refused) return player.actions.warn(refused);
  await player.actions.loadRecording({ input: text, name: await keptName(name, text, player, fileStore) });
}
