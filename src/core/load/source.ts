/**
 * The loaders' view of an input file: text as given (a paste, a host page's message) or bytes, one Uint8Array or
 * a list of byte pieces in order (a file read a piece at a time), or a stream of pieces read on demand. Bytes are
 * never decoded into one string here: ./line-reader.ts reads lines from a Source a block at a time.
 *
 * Contract: `toSource(input, name?, opts?)` makes the Source (one leading BOM removed from text, counted in `bom`
 * for bytes). `headText` decodes at most HEAD_BYTES from the start; `wholeText` and `wholeBytes` build the whole
 * input as one string / one Uint8Array (HAR documents and raw SSE need them) and may throw a RangeError past the
 * engine's limits, which the caller reports. `piecesOf(src, last)` gives the byte pieces in order, those read so
 * far and then the rest of a stream. Pure; nothing here retains the input beyond the Source.
 * A `PieceStream` (a file the CLI reads a piece at a time) is read on demand, each piece once: `toSource` reads
 * the first HEAD_BYTES + 4 bytes at once (what sniffing and `headText` look at); `piecesOf` with `last` (the
 * reader's last pass: the .jsonl and NDJSON readers) lets go of every piece it has passed, so a file read line by
 * line is never in memory whole. `wholeText`/`wholeBytes` read the rest first (`wholeBytes` copying each piece
 * into one buffer as it comes and giving it back to the stream). Reading fails only as the stream's `read` does (it
 * may throw; load reports that).
 */

/** Bytes that arrive a piece at a time, read on demand (see the module contract). */
export interface PieceStream {
  /** The expected size in bytes (a file's size; 0 when not known, e.g. a pipe): a hint for buffers only. */
  readonly size: number;
  /** The next piece (any length, not changed later unless given back to `recycle`), or null at the end. Not called
   * again after null. */
  read(): Uint8Array | null;
  /** Optional: the loader gives back each piece it will never read again, nothing it made referring to it (the
   * line readers' last pass, ./line-reader.ts; `wholeBytes`): the stream may read later pieces into its memory. */
  recycle?(piece: Uint8Array): void;
}

/** What a loader accepts: text, bytes, bytes in pieces (in order; any piece may be empty), or a PieceStream. */
export type LoadInput = string | Uint8Array | readonly Uint8Array[] | PieceStream;

export interface Source {
  /** Text input, one leading BOM removed. */
  text?: string;
  /** Byte input, its non-empty pieces in order (BOM included); of a stream, the pieces read and kept so far. */
  pieces?: Uint8Array[];
  /** A stream's rest, until it ended. */
  stream?: PieceStream;
  /** Of a stream: the bytes read from it so far (absent for other inputs). */
  streamed?: number;
  /** Bytes (byte input) or characters (text input, BOM removed). Of a stream that has not ended: at least the bytes
   * read so far and at least its declared size (exact once it ended). */
  size: number;
  /** Bytes before the first character (3 when a BOM was removed). */
  bom: number;
  name?: string;
  /** Whether bytes are all below 0x80 (LoadOptions.isAscii; the LineReader's own check when absent). */
  isAscii?: (bytes: Uint8Array) => boolean;
}

/** How a loader reads its input, besides the input itself. */
export interface LoadOptions {
  /**
   * Whether every byte is below 0x80: must give exactly that. Default: a word-at-a-time check in JS. The CLI passes
   * Node's `buffer.isAscii` (native, several times faster on the 1 MiB blocks of a large `.jsonl`).
   */
  isAscii?: (bytes: Uint8Array) => boolean;
}

/** How much of the start of the input `headText` decodes. */
export const HEAD_BYTES = 64 * 1024;

/** What `toSource` reads of a stream at once: the head, its BOM, and one byte to know whether it goes on. */
const STREAM_START = HEAD_BYTES + 4;

const isStream = (input: LoadInput): input is PieceStream => typeof input === 'object' && 'read' in input && typeof input.read === 'function';

/** The stream's next non-empty piece, counted in `src.size`, or null at its end (then `size` is exact). */
function pull(src: Source): Uint8Array | null {
  const stream = src.stream;
  if (stream !== undefined) {
    for (let p = stream.read(); p !== null; p = stream.read()) {
      if (p.length === 0) continue;
      const streamed = (src.streamed ?? 0) + p.length;
      src.streamed = streamed;
      if (streamed > src.size) src.size = streamed;
      return p;
    }
    delete src.stream;
    src.size = src.streamed ?? 0;
  }
  return null;
}

/** Reads the rest of a stream into `src.pieces`. */
function pullAll(src: Source): void {
  const pieces = src.pieces ?? [];
  for (let p = pull(src); p !== null; p = pull(src)) pieces.push(p);
}

export function toSource(input: LoadInput, name?: string, opts: LoadOptions = {}): Source {
  let src: Source;
  if (typeof input === 'string') {
    const bom = input.charCodeAt(0) === 0xfeff;
    const text = bom ? input.slice(1) : input;
    src = { text, size: text.length, bom: bom ? 3 : 0 };
  } else if (isStream(input)) {
    const pieces: Uint8Array[] = [];
    src = { pieces, stream: input, streamed: 0, size: Math.max(0, input.size), bom: 0 };
    let have = 0;
    while (have < STREAM_START) {
      const p = pull(src);
      if (p === null) break;
      pieces.push(p);
      have += p.length;
    }
    const b = startBytes(pieces, 3);
    src.bom = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  } else {
    const pieces = (input instanceof Uint8Array ? [input] : input).filter((p) => p.length > 0);
    let size = 0;
    for (const p of pieces) size += p.length;
    const b = startBytes(pieces, 3);
    const bom = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf;
    src = { pieces, size, bom: bom ? 3 : 0 };
  }
  if (name !== undefined) src.name = name;
  if (opts.isAscii !== undefined) src.isAscii = opts.isAscii;
  return src;
}

/** The first `n` bytes of the pieces (fewer when the input is shorter): a view when the first piece holds them. */
export function startBytes(pieces: readonly Uint8Array[], n: number): Uint8Array {
  const first = pieces[0];
  if (!first) return new Uint8Array(0);
  if (first.length >= n || pieces.length === 1) return first.subarray(0, n);
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of pieces) {
    if (at >= n) break;
    const part = p.subarray(0, n - at);
    out.set(part, at);
    at += part.length;
  }
  return out.subarray(0, at);
}

/** Whether `headText(src)` is the whole input. */
export function headIsWhole(src: Source, bytes = HEAD_BYTES): boolean {
  return src.text !== undefined ? src.text.length <= bytes : src.size - src.bom <= bytes;
}

/**
 * The input from its start (after the BOM) up to about HEAD_BYTES, decoded; a character cut at the end is dropped
 * (when the head is the whole input, a sequence cut by its end is U+FFFD, as in the whole text).
 */
export function headText(src: Source, bytes = HEAD_BYTES): string {
  if (src.text !== undefined) return src.text.slice(0, bytes);
  const head = startBytes(src.pieces ?? [], src.bom + bytes).subarray(src.bom);
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(head, { stream: !headIsWhole(src, bytes) });
}

/** The whole input as bytes (text is UTF-8 encoded): a view when it is one piece, else one copy. */
export function wholeBytes(src: Source): Uint8Array {
  if (src.text !== undefined) return new TextEncoder().encode(src.text);
  if (src.stream !== undefined) return streamedWhole(src, src.stream);
  const pieces = src.pieces ?? [];
  if (pieces.length === 1) return pieces[0] as Uint8Array;
  const out = new Uint8Array(src.size);
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A buffer of `want` bytes, or of `need` when that many cannot be had (past the engine's largest array). */
function grown(want: number, need: number): Uint8Array {
  if (want <= need) return new Uint8Array(need);
  try {
    return new Uint8Array(want);
  } catch {
    return new Uint8Array(need);
  }
}

/**
 * A stream's whole bytes, copied into one buffer of its declared size as they come (doubling when more arrive),
 * each piece given back to the stream (`recycle`) once copied: the input is in memory once, not as its pieces and
 * their copy at the same time. `src.pieces` is then that one buffer.
 */
function streamedWhole(src: Source, stream: PieceStream): Uint8Array {
  const kept = src.pieces ?? [];
  let have = 0;
  for (const p of kept) have += p.length;
  let out: Uint8Array = new Uint8Array(Math.max(src.size, have));
  let at = 0;
  const put = (p: Uint8Array): void => {
    if (at + p.length > out.length) {
      const next = grown(out.length * 2, at + p.length);
      next.set(out.subarray(0, at));
      out = next;
    }
    out.set(p, at);
    at += p.length;
    stream.recycle?.(p);
  };
  for (const p of kept) put(p);
  for (let p = pull(src); p !== null; p = pull(src)) put(p);
  const whole = at === out.length ? out : out.subarray(0, at);
  src.pieces = [whole];
  return whole;
}

/** The whole input as one string (BOM removed). Throws a RangeError when it cannot be one string. */
export function wholeText(src: Source): string {
  if (src.text !== undefined) return src.text;
  pullAll(src);
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let text = '';
  let skip = src.bom;
  for (const p of src.pieces ?? []) {
    const part = skip > 0 ? p.subarray(Math.min(skip, p.length)) : p;
    skip = Math.max(0, skip - p.length);
    text += decoder.decode(part, { stream: true });
  }
  return text + decoder.decode();
}

const NO_BYTES = new Uint8Array(0);

/**
 * The source's pieces in order: those read so far, then the rest of a stream. With `last` (of a stream), each piece
 * is let go once passed (`src.pieces` then holds empty arrays in its place) and pieces read now are not kept.
 */
export function* piecesOf(src: Source, last: boolean): Generator<Uint8Array> {
  const kept = src.pieces ?? [];
  const drop = last && src.streamed !== undefined;
  for (let i = 0; ; i++) {
    const had = kept[i];
    if (had !== undefined) {
      if (drop) kept[i] = NO_BYTES;
      yield had;
      continue;
    }
    const piece = pull(src);
    if (piece === null) return;
    if (!drop) kept.push(piece);
    yield piece;
  }
}
