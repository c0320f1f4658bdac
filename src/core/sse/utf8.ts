/**
 * UTF-8 bookkeeping for the SSE layer: which U+FFFD characters a WHATWG UTF-8 decoder produced from invalid bytes,
 * and how many bytes each decoded character came from, so frames can carry exact byte ranges.
 *
 * Contract: pure functions over a turn's bytes and its decoded text (`TextDecoder('utf-8')`, BOM stripped). They
 * never throw and never allocate per character. The decoder replaces each "maximal subpart" of an invalid sequence
 * with one U+FFFD (WHATWG Encoding, UTF-8 decoder), which `invalidSequenceLength` reproduces byte for byte.
 */

/** One U+FFFD that the decoder made from invalid input: its char offset and how many input bytes it replaced. */
export interface InvalidRun {
  char: number;
  bytes: number;
}

/** Bytes that decoding one UTF-16 code unit at `code` accounts for (a surrogate pair is 2 + 2). */
function unitBytes(code: number): number {
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (code >= 0xd800 && code <= 0xdfff) return 2;
  return 3;
}

/** UTF-8 length of text[start, end) when every U+FFFD in it is a genuine one (3 bytes). */
export function utf8Length(text: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) n += unitBytes(text.charCodeAt(i));
  return n;
}

/**
 * How many bytes the decoder consumed for the U+FFFD it emitted for an invalid sequence starting at `at`
 * (the maximal subpart: the lead byte plus the continuation bytes that were still acceptable).
 */
export function invalidSequenceLength(bytes: Uint8Array, at: number): number {
  const lead = bytes[at] ?? 0;
  let need: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) need = 1;
  else if (lead >= 0xe0 && lead <= 0xef) {
    need = 2;
    if (lead === 0xe0) lo = 0xa0;
    if (lead === 0xed) hi = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    need = 3;
    if (lead === 0xf0) lo = 0x90;
    if (lead === 0xf4) hi = 0x8f;
  } else return 1;
  let i = at + 1;
  while (need > 0 && i < bytes.length) {
    const b = bytes[i] as number;
    if (b < lo || b > hi) break;
    lo = 0x80;
    hi = 0xbf;
    need--;
    i++;
  }
  return i - at;
}

/**
 * The U+FFFD characters of `text` that came from invalid bytes, in order. `bytes` is the turn's whole byte stream,
 * `bom` the number of leading bytes the decoder stripped (0 or 3). Genuine U+FFFD (EF BF BD in the input) are not
 * listed. Cost: one indexOf scan when the text has no U+FFFD; otherwise linear in the text.
 */
export function findInvalidRuns(text: string, bytes: Uint8Array, bom: number): InvalidRun[] {
  const runs: InvalidRun[] = [];
  let p = text.indexOf('\uFFFD');
  if (p === -1) return runs;
  let c = 0;
  let b = bom;
  while (p !== -1) {
    b += utf8Length(text, c, p);
    const genuine = bytes[b] === 0xef && bytes[b + 1] === 0xbf && bytes[b + 2] === 0xbd;
    const len = genuine ? 3 : invalidSequenceLength(bytes, b);
    if (!genuine) runs.push({ char: p, bytes: len });
    b += len;
    c = p + 1;
    p = text.indexOf('\uFFFD', c);
  }
  return runs;
}

/**
 * The byte at which a streaming UTF-8 decoder emits the character that starts at byte `at`: its last byte when it
 * is valid or a lone invalid byte; for a truncated sequence, the byte that proves it invalid (the decoder emits
 * U+FFFD then), or the last byte of the stream when the stream ends inside it.
 */
export function emittedAt(bytes: Uint8Array, at: number): number {
  const lead = bytes[at] ?? 0;
  if (lead < 0xc2 || lead > 0xf4) return at;
  const need = lead < 0xe0 ? 1 : lead < 0xf0 ? 2 : 3;
  const m = invalidSequenceLength(bytes, at);
  if (m === need + 1) return at + need;
  return Math.min(at + m, bytes.length - 1);
}
