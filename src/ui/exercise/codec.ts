// The learner's code in a link and in the browser: deflate-raw (the platform's CompressionStream, no library) then
// base64url for the URL's `yours=` (store/exerciseUrl.ts), and one localStorage entry between visits (under the
// player's key: ./mode.ts ExerciseHost.storageKey). Decoding never throws: text that is not what `encodeCode` made
// is undefined.
import { CODE_MAX } from '../../store/exerciseUrl';

export { CODE_MAX };

const toBase64Url = (bytes: Uint8Array): string => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const fromBase64Url = (text: string): Uint8Array => {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return bytes;
};

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

export async function encodeCode(code: string): Promise<string> {
  return toBase64Url(await pipe(new TextEncoder().encode(code), new CompressionStream('deflate-raw')));
}

export async function decodeCode(text: string): Promise<string | undefined> {
  try {
    const code = new TextDecoder('utf-8', { fatal: true }).decode(await pipe(fromBase64Url(text), new DecompressionStream('deflate-raw')));
    return code.length <= CODE_MAX ? code : undefined;
  } catch {
    return undefined;
  }
}

export function savedCode(key: string): string | undefined {
  try {
    const code = window.localStorage.getItem(key);
    return code !== null && code.length <= CODE_MAX ? code : undefined;
  } catch {
    return undefined;
  }
}

export function saveCode(code: string, key: string): void {
  try {
    if (code.length <= CODE_MAX) window.localStorage.setItem(key, code);
  } catch {
    // storage full or refused (private mode): the link still carries it
  }
}
