/**
 * What a file is before it is read as text: byte-order marks, magic numbers and a binary test on its first bytes.
 *
 * Contract: `sniff(input)` returns a refusal (`{ok: false}` LoadResult with a code and params, worded by
 * messages.ts) when the input is plainly not UTF-8 text: UTF-32 or UTF-16 (by its BOM, or by NULs in every other byte
 * of ASCII-like text), gzip (1f 8b), zip (PK 03 04 / 05 06 / 07 08), PDF (%PDF-), PNG (89 P N G), or binary data
 * (within the first SAMPLE bytes, at least BINARY_RATIO of them NUL, other control bytes than whitespace / ESC,
 * or bytes of invalid UTF-8, and at least MIN_SUSPECT of them). Else it returns null and the loaders read the file.
 * A UTF-8 BOM is text. String input (already decoded: a paste, a message from the host page) is sniffed on its
 * characters: NUL / control characters and U+FFFD (a byte the decoder could not read) count as binary, and the
 * magic numbers are matched on their decoded form. Reads at most SAMPLE bytes or characters: O(1) in the file size.
 * Pure; never throws.
 */
import type { LoadResult } from '../types';
import { utf8Length } from '../sse/utf8';
import { failure } from './issues';

/** How much of the start of a file is examined. */
export const SAMPLE = 64 * 1024;
/** The share of suspect bytes in the sample from which a file is binary data. */
export const BINARY_RATIO = 0.1;
/** A file is never called binary for fewer suspect bytes than this (a stray NUL in a short SSE file is not). */
export const MIN_SUSPECT = 4;

const startsWith = (bytes: Uint8Array, magic: readonly number[]): boolean => magic.every((b, i) => bytes[i] === b);

/** Control bytes that text files carry: tab, LF, VT, FF, CR, ESC (terminal colours in a captured log). */
const TEXT_CONTROLS = new Set([9, 10, 11, 12, 13, 27]);

/** The length of the valid UTF-8 sequence at `i` (1-4), or 0 when the byte there starts no valid sequence. */
function utf8SequenceAt(b: Uint8Array, i: number, end: number): number {
  const c = b[i] as number;
  if (c < 0x80) return 1;
  let n: number;
  let min: number;
  if (c >= 0xc2 && c <= 0xdf) [n, min] = [2, 0x80];
  else if (c >= 0xe0 && c <= 0xef) [n, min] = [3, 0x800];
  else if (c >= 0xf0 && c <= 0xf4) [n, min] = [4, 0x10000];
  else return 0;
  // a sequence cut by the end of the sample is not held against the file
  if (i + n > end) return end - i;
  let cp = c & (0xff >> (n + 1));
  for (let k = 1; k < n; k++) {
    const x = b[i + k] as number;
    if ((x & 0xc0) !== 0x80) return 0;
    cp = (cp << 6) | (x & 0x3f);
  }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
  return n;
}

interface Suspects {
  count: number;
  first: number;
  /** NULs at even and odd offsets (UTF-16 of ASCII text has them all on one side). */
  nulEven: number;
  nulOdd: number;
}

function suspectBytes(b: Uint8Array, end: number): Suspects {
  const s: Suspects = { count: 0, first: -1, nulEven: 0, nulOdd: 0 };
  const mark = (i: number) => {
    s.count++;
    if (s.first === -1) s.first = i;
  };
  let i = 0;
  while (i < end) {
    const c = b[i] as number;
    if (c < 0x20 || c === 0x7f) {
      if (!TEXT_CONTROLS.has(c)) mark(i);
      if (c === 0) {
        if (i % 2 === 0) s.nulEven++;
        else s.nulOdd++;
      }
      i++;
      continue;
    }
    if (c < 0x80) {
      i++;
      continue;
    }
    const n = utf8SequenceAt(b, i, end);
    if (n === 0) {
      mark(i);
      i++;
    } else i += n;
  }
  return s;
}

function suspectChars(text: string, end: number): Suspects {
  const s: Suspects = { count: 0, first: -1, nulEven: 0, nulOdd: 0 };
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    const bad = ((c < 0x20 || c === 0x7f) && !TEXT_CONTROLS.has(c)) || c === 0xfffd;
    if (!bad) continue;
    s.count++;
    if (s.first === -1) s.first = i;
    if (c === 0) {
      if (i % 2 === 0) s.nulEven++;
      else s.nulOdd++;
    }
  }
  return s;
}

/** A refusal for what the suspect bytes say: UTF-16 without a BOM, or binary data; null when the text is text. */
function judge(s: Suspects, sample: number, offset: (i: number) => number): LoadResult | null {
  if (s.count < MIN_SUSPECT || s.count < sample * BINARY_RATIO) return null;
  const nul = s.nulEven + s.nulOdd;
  // ASCII text in UTF-16: a NUL in (nearly) every other byte, all on one side
  if (nul >= sample * 0.3) {
    if (s.nulOdd >= nul * 0.95) return failure('utf16', { endian: 'LE' });
    if (s.nulEven >= nul * 0.95) return failure('utf16', { endian: 'BE' });
  }
  return failure('binary', { count: s.count, sample, at: offset(s.first) });
}

function sniffBytes(b: Uint8Array): LoadResult | null {
  if (startsWith(b, [0xff, 0xfe, 0, 0])) return failure('utf32', { endian: 'LE' });
  if (startsWith(b, [0, 0, 0xfe, 0xff])) return failure('utf32', { endian: 'BE' });
  if (startsWith(b, [0xff, 0xfe])) return failure('utf16', { endian: 'LE' });
  if (startsWith(b, [0xfe, 0xff])) return failure('utf16', { endian: 'BE' });
  if (startsWith(b, [0x1f, 0x8b])) return failure('gzip', {});
  if (startsWith(b, [0x50, 0x4b]) && ((b[2] === 3 && b[3] === 4) || (b[2] === 5 && b[3] === 6) || (b[2] === 7 && b[3] === 8))) return failure('zip', {});
  if (startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d])) return failure('pdf', {});
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return failure('png', {});
  const end = Math.min(b.length, SAMPLE);
  return judge(suspectBytes(b, end), end, (i) => i);
}

function sniffText(text: string): LoadResult | null {
  // bytes decoded as UTF-8 (an undecodable byte is U+FFFD) or as Latin-1 (each byte one char)
  const first = text.charCodeAt(0);
  const second = text.charCodeAt(1);
  if (first === 0x1f && (second === 0x8b || second === 0xfffd)) return failure('gzip', {});
  if (first === 0xfffe) return failure('utf16', { endian: 'BE' });
  if (text.startsWith('PK\u0003\u0004') || text.startsWith('PK\u0005\u0006')) return failure('zip', {});
  if (text.startsWith('%PDF-')) return failure('pdf', {});
  if ((first === 0x89 || first === 0xfffd) && text.startsWith('PNG\r\n\u001a\n', 1)) return failure('png', {});
  const end = Math.min(text.length, SAMPLE);
  const s = suspectChars(text, end);
  // the place is said in UTF-8 bytes, as for a file read from disk
  return judge(s, end, (i) => utf8Length(text, 0, i));
}

/** A refusal when the input is plainly not UTF-8 text (see the contract), else null. */
export function sniff(input: string | Uint8Array): LoadResult | null {
  if (typeof input === 'string') return sniffText(input);
  return sniffBytes(input);
}
