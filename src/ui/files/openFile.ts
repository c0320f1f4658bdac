// Opening a File the user gave (input, drop): the size is checked before anything is read; read failures are named.
import type { PlayerActions } from '../../store/player';
import { sizeNotice } from './limits';

export async function openUserFile(file: File, actions: PlayerActions): Promise<void> {
  const refused = sizeNotice(file.name, file.size);
  if (refused) return actions.warn(refused);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (e) {
    return actions.warn({ key: 'files.readError', params: { name: file.name, message: e instanceof Error ? e.message : String(e) } });
  }
  await actions.loadRecording({ input: bytes, name: file.name });
}

/** Opens pasted text under `name`, with the same size limit (measured in UTF-8 bytes). */
export async function openPastedText(text: string, name: string, actions: PlayerActions): Promise<void> {
  const refused = sizeNotice(name, new Blob([text]).size);
  if (refused) return actions.warn(refused);
  await actions.loadRecording({ input: text, name });
}
