/**
 * Network-framing faults: `split-utf8` (chunk boundaries inside multi-byte characters) and `crlf` (CRLF line
 * endings, with a CR/LF pair split across chunks). Both keep every byte's meaning: a correct decoder yields the
 * same frames with the same data.
 *
 * Contract: pure, per turn, seeded (a fallback position is drawn from `rng`, so a seed reproduces it).
 * `split-utf8`: each boundary between two chunks moves forward to just after the first byte of the next multi-byte
 * character inside the following chunk, where there is one before the chunk's next line ending (the bytes it
 * passes over arrive with the earlier chunk; no blank line moves, so every frame keeps its time). If no boundary then lies inside a character but the turn has one, the chunk holding the first such
 * character is cut inside it; if the turn has no multi-byte character at all, every chunk of two bytes or more is
 * cut in two at a drawn position. Pieces of a cut chunk keep its time.
 * `crlf`: LF and lone CR become CRLF (existing CRLF pairs, even split ones, stay). If no CR/LF pair is split across
 * two chunks, one drawn pair is split (the LF starts a new chunk with the same time).
 */
import type { Chunk, Turn } from '../types';
import { chunkList, tableOf } from '../chunk-table';
import { concatChunks, splitAt, turnBytes } from './bytes';

export type Rng = () => number;

/** A small seeded PRNG (mulberry32), uniform in [0, 1). */
export function seededRng(seed: number): Rng {
  let a = Math.trunc(seed) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const isLead = (b: number | undefined): boolean => b !== undefined && b >= 0xc2 && b <= 0xf4;
const isCont = (b: number | undefined): boolean => b !== undefined && b >= 0x80 && b <= 0xbf;

/** Offsets just after the lead byte of every multi-byte character, in order. */
function charCuts(bytes: Uint8Array): number[] {
  const cuts: number[] = [];
  for (let i = 0; i + 1 < bytes.length; i++) if (isLead(bytes[i]) && isCont(bytes[i + 1])) cuts.push(i + 1);
  return cuts;
}

/** Whether bytes [from, to) hold a CR or LF (moving them to an earlier chunk could move a frame's time). */
function hasLineEnd(bytes: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (bytes[i] === 0x0a || bytes[i] === 0x0d) return true;
  return false;
}

function rebuild(turn: Turn, bytes: Uint8Array, bounds: readonly number[]): Chunk[] {
  return chunkList(turn.chunks)
    .map((c, i) => ({ time: c.time, bytes: bytes.subarray(bounds[i] ?? 0, bounds[i + 1] ?? bytes.length) }))
    .filter((c) => c.bytes.length > 0);
}

export function splitUtf8Turn(turn: Turn, rng: Rng): Turn {
  const { bytes, starts } = turnBytes(turn.chunks);
  if (bytes.length < 2) return turn;
  const cuts = charCuts(bytes);
  const bounds = [...starts];
  let c = 0;
  for (let k = 1; k < bounds.length; k++) {
    const b = bounds[k] as number;
    const next = starts[k + 1] ?? bytes.length;
    if (isCont(bytes[b])) continue; // already inside a character
    while (c < cuts.length && (cuts[c] as number) <= b) c++;
    const cut = cuts[c];
    if (cut !== undefined && cut < next && !hasLineEnd(bytes, b, cut)) bounds[k] = cut;
  }
  let chunks = rebuild(turn, bytes, bounds);
  const insideChar = bounds.slice(1).some((b) => b > 0 && b < bytes.length && isCont(bytes[b]));
  if (!insideChar && cuts.length > 0) {
    chunks = splitAt(chunks, cuts[0] as number);
  } else if (cuts.length === 0) {
    const out: Chunk[] = [];
    for (const ch of chunks) {
      if (ch.bytes.length >= 2) out.push(...splitAt([ch], 1 + Math.floor(rng() * (ch.bytes.length - 1))));
      else out.push(ch);
    }
    chunks = out;
  }
  return { ...turn, chunks: tableOf(chunks) };
}

const CR = 0x0d;
const LF = 0x0a;

export function crlfTurn(turn: Turn, rng: Rng): Turn {
  const bytes = turn.chunks.bytes;
  let at = 0;
  const chunks: Chunk[] = chunkList(turn.chunks).map((chunk) => {
    const out = new Uint8Array(chunk.bytes.length * 2);
    let n = 0;
    for (const b of chunk.bytes) {
      if (b === LF) {
        if (at === 0 || bytes[at - 1] !== CR) out[n++] = CR;
        out[n++] = LF;
      } else if (b === CR) {
        out[n++] = CR;
        if (bytes[at + 1] !== LF) out[n++] = LF;
      } else out[n++] = b;
      at += 1;
    }
    return { time: chunk.time, bytes: out.slice(0, n) };
  });
  const split = chunks.some((c, i) => c.bytes[c.bytes.length - 1] === CR && chunks[i + 1]?.bytes[0] === LF);
  if (split) return { ...turn, chunks: tableOf(chunks) };
  const { bytes: after } = concatChunks(chunks);
  const pairs: number[] = [];
  for (let i = 0; i + 1 < after.length; i++) if (after[i] === CR && after[i + 1] === LF) pairs.push(i + 1);
  if (pairs.length === 0) return { ...turn, chunks: tableOf(chunks) };
  const pick = pairs[Math.floor(rng() * pairs.length)] as number;
  return { ...turn, chunks: tableOf(splitAt(chunks, pick)) };
}
