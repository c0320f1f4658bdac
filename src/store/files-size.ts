/**
 * The size limit of a recording given as content (a file, pasted text, a page's `load`), in bytes, never characters.
 *
 * Contract: pure. `utf8Bytes(text)` is the length of `text` in UTF-8 as TextEncoder writes it (a lone surrogate is 3
 * bytes), without encoding it. `oversize(input, limit)` is null when the input (bytes, or text measured in UTF-8)
 * is at most `limit` bytes, else its size in bytes; text whose length alone settles it is not counted.
 * `tooLargeNotice(name, input)` is the refusal 'files.tooLarge' (size and limit in MB, one decimal) for an input over
 * MAX_RECORDING_BYTES, else null.
 */
import { MAX_RECORDING_BYTES } from './fetchRecording';
import type { Notice } from './state';

export function utf8Bytes(s: string): number {
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

export function oversize(input: string | Uint8Array, limit: number): number | null {
  if (typeof input !== 'string') return input.byteLength > limit ? input.byteLength : null;
  // every UTF-16 unit is one to three bytes
  if (input.length * 3 <= limit) return null;
  const bytes = utf8Bytes(input);
  return bytes > limit ? bytes : null;
}

const MB = 1024 * 1024;

export function tooLargeNotice(name: string, input: string | Uint8Array): Notice | null {
  const bytes = oversize(input, MAX_RECORDING_BYTES);
  if (bytes === null) return null;
  return { key: 'files.tooLarge', params: { name, size: (bytes / MB).toFixed(1), limit: MAX_RECORDING_BYTES / MB } };
}
