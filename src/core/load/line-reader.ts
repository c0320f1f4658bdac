/**
 * Lines of a Source (./source.ts), found in byte space and decoded a block of whole lines at a time (about
 * BLOCK_BYTES), so a file larger than the longest JS string loads.
 *
 * Contract: `LineReader` yields every line (split on LF, a trailing CR removed; one leading BOM removed) with its
 * 1-based number, exactly the lines `text.split('\n')` of the whole decoded text would give (LF bytes and
 * characters correspond one for one, so decoding whole lines separately gives the same characters); its
 * `byteOffset()` is the line's start in the original input (exact for bytes, the UTF-8 length before it for text),
 * amortised O(1) per call within a block. A line that spans pieces is joined (copied) once; other blocks are views.
 * A block of ASCII bytes only (`src.isAscii`, else a check here) is not decoded as a whole: its lines are found in
 * byte space and each decoded when its `text` is read (the .jsonl reader reads most lines from their bytes,
 * ./chunk-line.ts). Made with `last` (the reader's last pass over a stream), it lets go of every piece it has
 * passed (source.ts `piecesOf`) and gives it back to the stream's `recycle` once nothing it made refers to it
 * (blocks are views of the pieces, or copies when a line spans pieces). Pure but for that call.
 */
import { utf8Length } from '../sse/utf8';
import { piecesOf, type Source } from './source';

/** A block of whole lines decoded at a time: small enough to stay far below the string limit, big enough to be cheap. */
export const BLOCK_BYTES = 1 << 20;

/** Decodes leniently, BOM kept (the BOM is handled once, at the start of the input). */
const DECODER = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

interface Block {
  /** The block's bytes (whole lines; the last block may end without LF). */
  bytes: Uint8Array;
  /** Byte offset of bytes[0] in the input. */
  start: number;
}

/**
 * Cuts byte pieces into blocks of about `target` bytes that end just after an LF (or at the end of the input).
 * With `recycle`, each piece is given to it once nothing refers to it any more: when the next piece has come and
 * no partial line holds a view of it, or when the partial line that did is copied into a block. (A block asked for
 * is used up by the time the next one is: the reader only asks for the next block once past the last line of its
 * current one.) The last piece is never given back.
 */
function* byteBlocks(pieces: Iterable<Uint8Array>, skip: number, target: number, recycle?: (piece: Uint8Array) => void): Generator<Block> {
  let carry: Uint8Array[] = [];
  let carryLen = 0;
  /** The pieces `carry` holds views of. */
  let held: Uint8Array[] = [];
  let prev: Uint8Array | null = null;
  let offset = skip;
  const join = (last: Uint8Array | null): Uint8Array => {
    const parts = last ? [...carry, last] : carry;
    if (parts.length === 1) return parts[0] as Uint8Array;
    const out = new Uint8Array(carryLen + (last ? last.length : 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };
  let toSkip = skip;
  for (const piece of pieces) {
    if (recycle !== undefined && prev !== null && !held.includes(prev)) recycle(prev);
    prev = piece;
    let at = Math.min(toSkip, piece.length);
    toSkip -= at;
    while (at < piece.length) {
      const from = at + Math.max(0, target - carryLen - 1);
      const lf = from < piece.length ? piece.indexOf(10, from) : -1;
      if (lf === -1) {
        carry.push(piece.subarray(at));
        carryLen += piece.length - at;
        held.push(piece);
        break;
      }
      const bytes = join(piece.subarray(at, lf + 1));
      if (carry.length > 0) {
        // the partial line is copied into `bytes`: the earlier pieces it was in are free
        if (recycle !== undefined) for (const h of held) recycle(h);
        held = [];
      }
      yield { bytes, start: offset };
      offset += bytes.length;
      carry = [];
      carryLen = 0;
      at = lf + 1;
    }
  }
  if (carryLen > 0) yield { bytes: join(null), start: offset };
}

/** Whether every byte is below 0x80 (four at a time where the buffer allows). */
export function isAscii(b: Uint8Array): boolean {
  const n = b.length;
  const head = Math.min(n, (4 - (b.byteOffset & 3)) & 3);
  for (let i = 0; i < head; i++) if ((b[i] as number) >= 0x80) return false;
  const count = (n - head) >> 2;
  if (count > 0) {
    const words = new Int32Array(b.buffer, b.byteOffset + head, count);
    for (let w = 0; w < count; w++) if (((words[w] as number) & 0x80808080) !== 0) return false;
  }
  for (let i = head + count * 4; i < n; i++) if ((b[i] as number) >= 0x80) return false;
  return true;
}

/** Reads the lines of a Source one at a time (see the module contract). */
export class LineReader {
  /** The current line's number (1-based; 0 before the first `next()`). */
  no = 0;
  private line = '';
  /** The current line is in an ASCII block that was not decoded: `text` decodes it when asked. */
  private pending = false;
  /** The block is ASCII and was not decoded (`block` is empty). */
  private lazy = false;
  private block = '';
  /** The block's length in chars (for an ASCII block left undecoded, in bytes: the same). */
  private blockLen = 0;
  /** The block's bytes (byte input), for exact offsets; null for text input. */
  private blockBytes: Uint8Array | null = null;
  private blockStart: number;
  /** Whether chars and bytes of the block correspond one for one (ASCII only). */
  private identity = false;
  /** Whether the block decoded without U+FFFD (its bytes are exactly the UTF-8 of its text). */
  private clean = false;
  /** Where the current line ends in the block's text (its LF and one trailing CR excluded). */
  private lineEnd = 0;
  private pos = 0;
  private lineStart = 0;
  private ended = false;
  private readonly blocks: Iterator<Block> | null;
  private readonly ascii: (bytes: Uint8Array) => boolean;
  /** Amortised offset walk: char `walkC` of the block is at byte `walkB` of the input. */
  private walkC = 0;
  private walkB = 0;

  /** `last`: the last pass over the source; a stream lets go of what it has passed (see the module contract). */
  constructor(src: Source, blockBytes = BLOCK_BYTES, last = false) {
    this.blockStart = src.bom;
    this.ascii = src.isAscii ?? isAscii;
    if (src.text !== undefined) {
      this.block = src.text;
      this.blockLen = src.text.length;
      this.blocks = null;
    } else {
      // the last pass over a stream gives each piece back to it once passed (PieceStream.recycle)
      const stream = last ? src.stream : undefined;
      const recycle = stream?.recycle === undefined ? undefined : (piece: Uint8Array): void => stream.recycle?.(piece);
      this.blocks = byteBlocks(piecesOf(src, last), src.bom, blockBytes, recycle);
      this.pos = 0;
    }
    this.walkB = src.bom;
  }

  private nextBlock(): boolean {
    const r = this.blocks?.next();
    if (!r || r.done) return false;
    const { bytes, start } = r.value;
    this.blockBytes = bytes;
    this.blockStart = start;
    if (this.ascii(bytes)) {
      // lines are found in byte space and decoded one at a time, only when their text is asked for
      this.block = '';
      this.lazy = true;
      this.blockLen = bytes.length;
      this.clean = true;
      this.identity = true;
    } else {
      const text = DECODER.decode(bytes);
      this.block = text;
      this.lazy = false;
      this.blockLen = text.length;
      this.clean = text.indexOf('\uFFFD') === -1;
      this.identity = this.clean && text.length === bytes.length;
    }
    this.pos = 0;
    this.walkC = 0;
    this.walkB = start;
    return true;
  }

  /** Moves to the next line; false after the last one. */
  next(): boolean {
    if (this.ended) return false;
    while (this.pos >= this.blockLen && this.blocks !== null) {
      if (!this.nextBlock()) break;
    }
    const start = this.pos;
    const len = this.blockLen;
    const bytes = this.lazy ? this.blockBytes : null;
    let nl: number;
    let lineEnd: number;
    if (bytes !== null) {
      nl = start < len ? bytes.indexOf(10, start) : -1;
      const end = nl === -1 ? len : nl;
      lineEnd = end > start && bytes[end - 1] === 13 ? end - 1 : end;
      this.pending = true;
    } else {
      const block = this.block;
      nl = start < len ? block.indexOf('\n', start) : -1;
      const end = nl === -1 ? len : nl;
      lineEnd = end > start && block.charCodeAt(end - 1) === 13 ? end - 1 : end;
      this.line = start === 0 && lineEnd === len ? block : block.slice(start, lineEnd);
      this.pending = false;
    }
    // the line after the last LF (or the only line of an input without one) is the last
    if (nl === -1) this.ended = true;
    this.lineStart = start;
    this.lineEnd = lineEnd;
    this.pos = nl === -1 ? len : nl + 1;
    this.no++;
    return true;
  }

  /**
   * The current line's bytes as they are in the input: the block holding it (`rawBlock()`) and where the line ends
   * in it (this; its LF and one trailing CR excluded). -1 when that is not known cheaply or the bytes are not the
   * plain UTF-8 of the line's text: text input, or a block that decoded with a U+FFFD anywhere.
   */
  rawEnd(): number {
    const bytes = this.blockBytes;
    if (bytes === null || !this.clean) return -1;
    if (this.identity) return this.lineEnd;
    const from = this.byteOffset() - this.blockStart;
    const nl = bytes.indexOf(10, from);
    const end = nl === -1 ? bytes.length : nl;
    return end > from && bytes[end - 1] === 13 ? end - 1 : end;
  }

  /** The current line, its LF and one trailing CR removed. */
  get text(): string {
    if (this.pending) {
      this.line = DECODER.decode((this.blockBytes as Uint8Array).subarray(this.lineStart, this.lineEnd));
      this.pending = false;
    }
    return this.line;
  }

  /** Where the current line starts in `rawBlock()` (meaningful when rawEnd() is not -1). */
  rawStart(): number {
    return this.identity ? this.lineStart : this.byteOffset() - this.blockStart;
  }

  /** The bytes of the current line's block (see rawEnd), or null for text input. */
  rawBlock(): Uint8Array | null {
    return this.blockBytes;
  }

  /** Whether the current line's block is ASCII only (then a char offset in it is its byte offset). */
  rawAscii(): boolean {
    return this.identity;
  }

  /** The byte offset of the current line's start in the input. */
  byteOffset(): number {
    const char = this.lineStart;
    const bytes = this.blockBytes;
    if (bytes === null) {
      // text input: the UTF-8 length of what comes before
      if (char < this.walkC) {
        this.walkC = 0;
        this.walkB = this.blockStart;
      }
      this.walkB += utf8Length(this.block, this.walkC, char);
      this.walkC = char;
      return this.walkB;
    }
    if (this.identity) return this.blockStart + char;
    // a line starts just after an LF: walk the LFs of both (one for one) up to it
    if (char < this.walkC) {
      this.walkC = 0;
      this.walkB = this.blockStart;
    }
    while (this.walkC < char) {
      const nl = this.block.indexOf('\n', this.walkC);
      if (nl === -1 || nl >= char) break;
      const bl = bytes.indexOf(10, this.walkB - this.blockStart);
      this.walkC = nl + 1;
      this.walkB = this.blockStart + bl + 1;
    }
    return this.walkB;
  }
}
