/**
 * Strict base64 decoding for the recording format's `bytes` events.
 *
 * Contract: accepts the standard alphabet (and the URL-safe `-` `_`), optional `=` padding at the end only, and
 * ignores nothing else: any other character, misplaced padding or an impossible length gives an error string
 * naming the position instead of bytes. Never throws. Linear time.
 */

const CODES = new Int16Array(128).fill(-1);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
for (let i = 0; i < 64; i++) CODES[ALPHABET.charCodeAt(i)] = i;
CODES[45] = 62; // '-'
CODES[95] = 63; // '_'

/** Why a string is not base64: `reason` picks the wording, `at` / `count` / `char` are its variable parts. */
export type Base64Error =
  | { reason: 'padding'; at: number }
  | { reason: 'length'; count: number }
  | { reason: 'char'; at: number; char: string };

export type Base64Result = { ok: true; bytes: Uint8Array } | { ok: false; error: string; why: Base64Error };

export function decodeBase64(s: string): Base64Result {
  let end = s.length;
  if (end > 0 && s.charCodeAt(end - 1) === 61) end--;
  if (end > 0 && s.charCodeAt(end - 1) === 61) end--;
  if (end !== s.length && s.length % 4 !== 0) {
    return { ok: false, error: `padding "=" at character ${end} does not end a 4-character group`, why: { reason: 'padding', at: end } };
  }
  if (end % 4 === 1) return { ok: false, error: `${end} characters cannot encode whole bytes`, why: { reason: 'length', count: end } };
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < end; i++) {
    const c = s.charCodeAt(i);
    const v = c < 128 ? (CODES[c] as number) : -1;
    if (v < 0) {
      const char = JSON.stringify(s.charAt(i));
      return { ok: false, error: `character ${i} (${char}) is not base64`, why: { reason: 'char', at: i, char } };
    }
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return { ok: true, bytes: out };
}

const ENC = ALPHABET;
/** Standard base64 with padding (used by docs tooling and tests). */
export function encodeBase64(bytes: Uint8Array): string {
  let s = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    s += ENC[n >> 18]! + ENC[(n >> 12) & 63]! + ENC[(n >> 6) & 63]! + ENC[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = (bytes[i] as number) << 16;
    s += ENC[n >> 18]! + ENC[(n >> 12) & 63]! + '==';
  } else if (rest === 2) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8);
    s += ENC[n >> 18]! + ENC[(n >> 12) & 63]! + ENC[(n >> 6) & 63]! + '=';
  }
  return s;
}
