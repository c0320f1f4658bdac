/**
 * The .jsonl reader's fast path for its most common line, a `chunk` event `[time,"chunk","text"]`, read from the
 * file's bytes: the text's bytes are copied as they are and its escapes decoded to UTF-8 straight into the packer,
 * so the line is never parsed into a string and the text never re-encoded.
 *
 * Contract: `readChunkLine(b, from, to, out)` reads line bytes b[from, to) (valid UTF-8, no LF). When the line is
 * exactly JSON whitespace, `[`, a JSON number whose value is finite, `,`, the string "chunk" written plainly, `,`, a
 * JSON string, `]` (whitespace between any of them) it writes the string's UTF-8 bytes (what TextEncoder gives for
 * what JSON.parse gives: a lone surrogate escape becomes EF BF BD) to `out.buf` from `out.at`, and returns the time;
 * `out.buf` must have room for to - from more bytes. Otherwise it returns undefined and what it wrote past `out.at`
 * means nothing: the caller reads the line the general way (JSON.parse), which then says what is wrong with it.
 */

export interface ByteSink {
  buf: Uint8Array;
  at: number;
}

const isSpace = (c: number | undefined): boolean => c === 32 || c === 9 || c === 13 || c === 10;

/** The end of the JSON number starting at `i`, or -1 when none starts there (the grammar, exactly). */
function numberEnd(b: Uint8Array, i: number, to: number): number {
  if (b[i] === 45 /* - */) i++;
  const first = b[i];
  if (first === 48 /* 0 */) i++;
  else if (first !== undefined && first >= 49 && first <= 57) {
    i++;
    while (i < to && (b[i] as number) >= 48 && (b[i] as number) <= 57) i++;
  } else return -1;
  if (i < to && b[i] === 46 /* . */) {
    i++;
    const s = i;
    while (i < to && (b[i] as number) >= 48 && (b[i] as number) <= 57) i++;
    if (i === s) return -1;
  }
  if (i < to && (b[i] === 101 || b[i] === 69) /* e E */) {
    i++;
    if (i < to && (b[i] === 43 || b[i] === 45)) i++;
    const s = i;
    while (i < to && (b[i] as number) >= 48 && (b[i] as number) <= 57) i++;
    if (i === s) return -1;
  }
  return i > to ? -1 : i;
}

/**
 * The value of the JSON number b[a, z): digits only and at most 15 of them are summed exactly; any other is read by
 * Number() from its text (JSON's number syntax is a subset of Number()'s, and both round the same way).
 */
function numberValue(b: Uint8Array, a: number, z: number): number {
  if (z - a <= 15) {
    let v = 0;
    let i = a;
    for (; i < z; i++) {
      const c = b[i] as number;
      if (c < 48 || c > 57) break;
      v = v * 10 + (c - 48);
    }
    if (i === z) return v;
  }
  let text = '';
  for (let i = a; i < z; i++) text += String.fromCharCode(b[i] as number);
  return Number(text);
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const l = c | 0x20;
  if (l >= 97 && l <= 102) return l - 87;
  return -1;
}

/** The 4-hex-digit code unit at b[i, i+4), or -1. */
function hex4(b: Uint8Array, i: number, to: number): number {
  if (i + 4 > to) return -1;
  const a = hexValue(b[i] as number);
  const c = hexValue(b[i + 1] as number);
  const d = hexValue(b[i + 2] as number);
  const e = hexValue(b[i + 3] as number);
  if ((a | c | d | e) < 0) return -1;
  return (a << 12) | (c << 8) | (d << 4) | e;
}

/** Writes code point `cp` (not a surrogate) as UTF-8. */
function putCodePoint(out: ByteSink, cp: number): void {
  const buf = out.buf;
  let at = out.at;
  if (cp < 0x80) buf[at++] = cp;
  else if (cp < 0x800) {
    buf[at++] = 0xc0 | (cp >> 6);
    buf[at++] = 0x80 | (cp & 0x3f);
  } else if (cp < 0x10000) {
    buf[at++] = 0xe0 | (cp >> 12);
    buf[at++] = 0x80 | ((cp >> 6) & 0x3f);
    buf[at++] = 0x80 | (cp & 0x3f);
  } else {
    buf[at++] = 0xf0 | (cp >> 18);
    buf[at++] = 0x80 | ((cp >> 12) & 0x3f);
    buf[at++] = 0x80 | ((cp >> 6) & 0x3f);
    buf[at++] = 0x80 | (cp & 0x3f);
  }
  out.at = at;
}

/**
 * Decodes the JSON string whose opening quote is at `i` into `out`; returns the index after its closing quote, or
 * -1 when it is not a valid JSON string within b[i, to).
 */
function decodeString(b: Uint8Array, i: number, to: number, out: ByteSink): number {
  const buf = out.buf;
  let at = out.at;
  i++;
  while (i < to) {
    const c = b[i] as number;
    if (c === 34 /* " */) {
      out.at = at;
      return i + 1;
    }
    if (c < 0x20) return -1;
    if (c !== 92 /* \ */) {
      buf[at++] = c;
      i++;
      continue;
    }
    const e = b[i + 1];
    i += 2;
    switch (e) {
      case 34:
      case 92:
      case 47:
        buf[at++] = e;
        break;
      case 98:
        buf[at++] = 8;
        break;
      case 102:
        buf[at++] = 12;
        break;
      case 110:
        buf[at++] = 10;
        break;
      case 114:
        buf[at++] = 13;
        break;
      case 116:
        buf[at++] = 9;
        break;
      case 117: {
        const u = hex4(b, i, to);
        if (u < 0) return -1;
        i += 4;
        out.at = at;
        if (u >= 0xd800 && u <= 0xdbff && b[i] === 92 && b[i + 1] === 117) {
          const low = hex4(b, i + 2, to);
          if (low >= 0xdc00 && low <= 0xdfff) {
            putCodePoint(out, 0x10000 + ((u - 0xd800) << 10) + (low - 0xdc00));
            i += 6;
            at = out.at;
            break;
          }
        }
        // a lone surrogate: TextEncoder writes U+FFFD
        putCodePoint(out, u >= 0xd800 && u <= 0xdfff ? 0xfffd : u);
        at = out.at;
        break;
      }
      default:
        return -1;
    }
  }
  return -1;
}

const CHUNK = [34, 99, 104, 117, 110, 107, 34]; // "chunk"

/** See the module contract. */
export function readChunkLine(b: Uint8Array, from: number, to: number, out: ByteSink): number | undefined {
  let i = from;
  while (i < to && isSpace(b[i])) i++;
  if (b[i] !== 91 /* [ */) return undefined;
  i++;
  while (i < to && isSpace(b[i])) i++;
  const numStart = i;
  const numEnd = numberEnd(b, i, to);
  if (numEnd < 0) return undefined;
  i = numEnd;
  while (i < to && isSpace(b[i])) i++;
  if (b[i] !== 44 /* , */) return undefined;
  i++;
  while (i < to && isSpace(b[i])) i++;
  for (let k = 0; k < 7; k++) if (b[i + k] !== CHUNK[k]) return undefined;
  i += 7;
  while (i < to && isSpace(b[i])) i++;
  if (b[i] !== 44 /* , */) return undefined;
  i++;
  while (i < to && isSpace(b[i])) i++;
  if (b[i] !== 34 /* " */) return undefined;
  i = decodeString(b, i, to, out);
  if (i < 0) return undefined;
  while (i < to && isSpace(b[i])) i++;
  if (b[i] !== 93 /* ] */ || i >= to) return undefined;
  i++;
  while (i < to && isSpace(b[i])) i++;
  if (i !== to) return undefined;
  const time = numberValue(b, numStart, numEnd);
  return Number.isFinite(time) ? time : undefined;
}
