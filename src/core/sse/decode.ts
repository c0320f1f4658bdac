/**
 * SSE decoding: a Recording's network chunks -> the events a WHATWG EventSource would dispatch, as a FrameTable
 * (frame-table.ts: typed-array columns plus the decoded text in pieces; no object per frame).
 *
 * Contract: `decodeRecording(rec)` never throws and does not mutate `rec`. Frames are numbered from 0 across the
 * whole recording, in turn order. Per turn:
 * - the turn's bytes are decoded as one UTF-8 stream (the text a streaming TextDecoder fed chunk by chunk gives; a
 *   character split across chunks belongs to the chunk where the decoder emits it, computed exactly in byte space);
 *   one leading BOM is stripped and counted (3 bytes) in byte offsets. The text is decoded in PIECES of at most
 *   `pieceBytes` bytes (default 1 MiB, so each piece is also cheap to post to the page), cut only between event
 *   blocks (found in byte space), each piece the text one TextDecoder call gives (or `decodeText`, which must give
 *   the same): no turn is ever one string, so a turn may be larger than the engine's longest string;
 * - the text is cut into event blocks by `segmentText` (CR, LF, CRLF; a block ends at an empty line) and each block
 *   is fed, in order, to one eventsource-parser per turn, so field parsing follows that library. Fast path
 *   (fast-path.ts): in a piece with no CR, and in a piece whose lines end with CRLF (or a lone CR) up to its first
 *   block with another line end, a block that is exactly one `data:` line, an `event:` line then a `data:` line,
 *   one comment line, or the lone empty line is read directly (simple-block.ts), giving what the parser would
 *   (checked by property tests against `{ fastPath: false }`, which sends every block to the parser). Once the
 *   large-input paths are installed (`installBlockPath`, core/large-inputs.ts), a turn whose chunk table the
 *   loader cut one chunk per block and scanned (block-scan.ts: raw SSE without CR, no BOM) is read by block-path.ts
 *   instead: the same shapes, found from the chunk ends and the scan, not by searching the text;
 * - a frame's time is that of the chunk holding the first character of its terminating blank line; its chunks are
 *   the chunks holding the block's first and last characters; char and byte ranges cover the whole block;
 * - the id is the last event ID in force (sticky within the turn, also set by blocks that dispatch nothing);
 * - text after the last blank line that is more than whitespace and comments is `unterminated` (never dispatched).
 * A frame's data is a slice of its piece when the text holds it contiguously (always on the fast path), else it is
 * kept in the table's side text.
 *
 * The general path (eventsource-parser, and `segmentText` for text with CR) is installed (`installGeneralPath`, with
 * ./general.ts): ./index.ts does, so every importer of core/sse has it. A page's first analysis imports this module
 * alone (core/session/lazy.ts): when a piece needs the general path and it is not installed, `decodeRecording` throws
 * `ParserMissing` (the one thing it throws), and the page fetches ./general.ts and decodes again. Shipped
 * recordings (LF line ends, simple blocks) never need it.
 */
import type { createParser, EventSourceMessage } from 'eventsource-parser';
import { evenTable } from '../chunk-table';
import { ms, turnIndex, type DecodedTurn, type FrameTable, type Mutable, type Recording, type Turn, type TurnIndex } from '../types';
import { ByteMap } from './byte-map';
import type { decodeBlocks } from './block-path';
import type { noteScan, scanOf } from './block-scan';
import type { segmentText } from './segment';
import { pieceEnd, turnBytes } from './turn-bytes';
import { decodeCr, decodeLf, pushFrame, type FeedBlock, type TurnState } from './fast-path';
import { TableBuilder } from './table-builder';
import { findInvalidRuns } from './utf8';

export * from './frame-table';
export { frameTableOf } from './table-builder';

export interface DecodeOptions {
  /** Read the common block shapes directly (simple-block.ts). Default true; false sends every block to the parser. */
  fastPath?: boolean;
  /**
   * Decodes one piece's bytes; must give exactly what one `TextDecoder('utf-8', { ignoreBOM: true })` call gives.
   * Default: that call. The CLI passes cli/node-text.ts's (an all-ASCII piece copied as Latin-1). Decoding a piece
   * in parts cut after ASCII bytes measured faster under Node in session 8 and no faster in session 9 (joining the
   * parts again cost what it saved), and slower in Chromium; it was removed.
   */
  decodeText?: (bytes: Uint8Array) => string;
  /** The most bytes decoded into one piece of text (default 1 MiB; a single longer block makes a longer piece). */
  pieceBytes?: number;
}

export interface DecodeResult {
  frames: FrameTable;
  decoded: DecodedTurn[];
}

// 1 MiB. Smaller pieces decode faster when each string is dropped at once (64 KiB: ~30 % less TextDecoder time), but
// the decoder keeps every piece: kept, 64 KiB pieces measured 1.3-1.7x slower in all than 1 MiB ones (session 8,
// 200k-frame bench streams; likely because strings under V8's large-object size are born young and then copied).
const PIECE_BYTES = 1 << 20;


/** One decoder for every piece: decode() without `stream` resets it. The BOM is skipped by the caller. */
const DECODER = new TextDecoder('utf-8', { ignoreBOM: true });
const wholeDecode = (bytes: Uint8Array): string => DECODER.decode(bytes);

/** Whether `rest` (text after the last blank line) holds anything but whitespace and comment lines. */
function hasContent(rest: string): boolean {
  for (const line of rest.split(/\r\n|\r|\n/)) {
    const t = line.trim();
    if (t !== '' && t.charCodeAt(0) !== 58 /* ':' */) return true;
  }
  return false;
}

/**
 * The `id` a block that dispatched nothing leaves in force (WHATWG sets the last event ID even when the data is
 * empty), or undefined when the block has no usable id field.
 */
function idOfSilentBlock(block: string): string | undefined {
  let id: string | undefined;
  for (const line of block.split(/\r\n|\r|\n/)) {
    if (line === 'id') id = '';
    else if (line.startsWith('id:')) {
      const value = line.charCodeAt(3) === 32 ? line.slice(4) : line.slice(3);
      if (!value.includes('\0')) id = value;
    }
  }
  return id;
}

/** The general path: eventsource-parser's `createParser`, and ./segment.ts `segmentText` for text with CR. */
export interface GeneralPath {
  createParser: typeof createParser;
  segmentText: typeof segmentText;
}

let generalPath: GeneralPath | undefined;

/** Installs the general path (./general.ts; see the contract). */
export function installGeneralPath(path: GeneralPath): void {
  generalPath = path;
}

/** Thrown by `decodeRecording` when a block needs the general path and it is not installed (see the contract). */
export class ParserMissing extends Error {
  constructor() {
    super('the SSE parser is not installed (core/sse/general.ts)');
  }
}

function general(): GeneralPath {
  if (generalPath === undefined) throw new ParserMissing();
  return generalPath;
}

/** The general path for one block of the current piece: fed to the turn's eventsource-parser. */
function parserFeeder(t: TurnState): FeedBlock {
  let start = 0;
  let blank = 0;
  let end = 0;
  let block = '';
  let dispatched = false;
  // Made on the first block the fast path leaves to it: most turns never need one (100,000 short turns would
  // otherwise build 100,000 parsers).
  let parser: ReturnType<typeof createParser> | null = null;
  const make = (): ReturnType<typeof createParser> => {
    const p = general().createParser({
      onEvent(ev: EventSourceMessage): void {
        dispatched = true;
        if (ev.id !== undefined) t.b.setId(ev.id);
        const data = ev.data;
        const event = t.b.eventIndex(ev.event ?? 'message');
        const at = block.indexOf(data);
        if (at !== -1) pushFrame(t, start, blank, end, event, false, start + at, start + at + data.length);
        else {
          const ds = t.b.addSide(data);
          pushFrame(t, start, blank, end, event, true, ds, ds + data.length);
        }
      },
    });
    // eventsource-parser strips a leading "ï»¿" (a BOM misread as Latin-1) from its first feed; the decoder has
    // already stripped the real BOM, so an empty first feed keeps the text exactly as decoded.
    p.feed('');
    return p;
  };
  return (s, b, e) => {
    const text = t.text;
    start = s;
    blank = b;
    end = e;
    dispatched = false;
    block = text.slice(s, e);
    parser ??= make();
    parser.feed(block);
    // A block ending in a lone CR leaves that CR pending in the parser (it waits for a possible LF); an LF
    // completes the same line ending, so the event dispatches now, with this block.
    if (text.charCodeAt(e - 1) === 13) parser.feed('\n');
    if (!dispatched && block.indexOf('id') !== -1) {
      const id = idOfSilentBlock(block);
      if (id !== undefined) t.b.setId(id);
    }
  };
}

function decodeTurn(turn: Turn, turnNo: TurnIndex, b: TableBuilder, fastPath: boolean, limit: number, decodeText: (bytes: Uint8Array) => string, keep?: object[]): DecodedTurn {
  const chunks = turn.chunks;
  const lastChunk = chunks.ends.length - 1;
  const { all } = turnBytes(chunks);
  const total = all.length;
  // Room for the turn's frames, guessed: one per chunk when chunks are block-sized (a raw SSE file's chunks are its
  // blocks, so the guess is then exact but for silent blocks and the table is not copied again by finish()), else
  // one per 64 bytes; the columns double when the guess is short. (One per 64 bytes alone reserved four times the
  // 200,000 frames of a 52 MB stream: 12 columns of 800,000, zeroed, then copied down.)
  b.reserve(Math.min(total >>> 6, Math.max(lastChunk + 1, total >>> 9)));
  const bom = all[0] === 0xef && all[1] === 0xbb && all[2] === 0xbf ? 3 : 0;
  b.setId('');
  const t: TurnState = { b, turnNo, chunks, chunkEnds: chunks.ends, lastChunk, k: 0, all, text: '', piece: 0, charBase: 0, byteBase: bom, map: new ByteMap('', all.subarray(0, 0)) };
  // the loader's scan of these very blocks (raw SSE without CR), when it made the table
  const path = blockPath;
  const scan = fastPath && bom === 0 && path !== undefined ? path.scanOf(chunks) : undefined;
  const blocks = parserFeeder(t);
  keep?.push(t);
  const invalid: number[] = [];
  const decoded: Mutable<DecodedTurn> = { turn: turnNo, invalidUtf8At: invalid };
  let byteAt = bom;
  let charAt = 0;
  while (byteAt < total) {
    const to = pieceEnd(all, byteAt, limit);
    const bytes = all.subarray(byteAt, to);
    // what one TextDecoder call gives (BOM kept: the caller skipped it)
    const text = decodeText(bytes);
    t.text = text;
    t.piece = b.addPiece(text, turnNo, charAt, byteAt);
    t.charBase = charAt;
    t.byteBase = byteAt;
    t.map = new ByteMap(text, bytes, scan && { runs: scan.runs, base: byteAt });
    // The common block shapes are read directly (block-path.ts with the loader's scan; else fast-path.ts: LF, or
    // CRLF / CR from the start up to the first block with another line end); the parser reads the others.
    let rest: number;
    if (!fastPath) rest = general().segmentText(text, blocks);
    else if (scan !== undefined && path !== undefined) rest = path.decodeBlocks(t, scan, to, blocks);
    else {
      const cr = text.indexOf('\r');
      if (cr === -1) rest = decodeLf(t, blocks);
      else rest = general().segmentText(text, blocks, decodeCr(t, blocks, text.charCodeAt(cr + 1) === 10));
    }
    // the piece's invalid UTF-8, if any (the map has read the bytes up to its last frame by now)
    if (t.map.invalid()) for (const r of findInvalidRuns(text, bytes, 0)) invalid.push(charAt + r.char);
    if (to === total && rest < text.length) {
      const tail = text.slice(rest);
      if (hasContent(tail)) decoded.unterminated = { charStart: charAt + rest, charEnd: charAt + text.length, text: tail };
    }
    byteAt = to;
    charAt += text.length;
  }
  return decoded;
}

/** The large-input block path, once installed (`installBlockPath`). */
let blockPath: BlockPath | undefined;

/**
 * A used TurnState (with its TableBuilder and ByteMap), from a tiny decode when this module loads, kept for the life
 * of the program: V8 keeps the shape (map) of such per-run objects only while one lives, and when a full collection
 * between two runs finds none it drops the map with the optimized code of every function that saw it (the fast
 * path's, the builder's, the map's), so each run began in the interpreter again (session 10: ~25 ms of 110 per
 * 200,000 frames). Held by a closure (a module-level binding no function reads is not kept), as
 * ground-truth/keep.ts does.
 */
const kept: object[] = [];
const keepUsed = (note?: typeof noteScan): void => {
  const bytes = new TextEncoder().encode('event: a\ndata: \u00e9\n\ndata: b\n\n');
  const chunks = evenTable(bytes, Float64Array.of(19, bytes.length), 0, 1);
  // with the block path installed, read by it (as the loader's scanner would note these bytes)
  note?.(chunks.ends, { bytes, shape: Int32Array.of(8, 0), runs: Float64Array.of(15), rest: false });
  decodeTurn({ index: turnIndex(0), requestAt: ms(0), chunks }, turnIndex(0), new TableBuilder(), true, PIECE_BYTES, wholeDecode, kept);
};
keepUsed();

/** The large-input block path: ./block-path.ts reading with ./block-scan.ts's notes. */
export interface BlockPath {
  scanOf: typeof scanOf;
  noteScan: typeof noteScan;
  decodeBlocks: typeof decodeBlocks;
}

/**
 * Installs the block path (core/large-inputs.ts does, with the loader's block scanner: the workers, the CLI and the
 * bench); the page analyses at most 512 KiB inline and reads every turn by the text's fast path. Idempotent.
 */
export function installBlockPath(path: BlockPath): void {
  if (blockPath !== undefined) return;
  blockPath = path;
  keepUsed(path.noteScan);
}

/** Decodes every turn of a recording into a frame table (see the module contract). Throws only `ParserMissing`. */
export function decodeRecording(rec: Recording, options: DecodeOptions = {}): DecodeResult {
  const fastPath = options.fastPath !== false;
  const limit = Math.max(1, options.pieceBytes ?? PIECE_BYTES);
  const decodeText = options.decodeText ?? wholeDecode;
  const b = new TableBuilder();
  const decoded: DecodedTurn[] = [];
  rec.turns.forEach((turn, i) => {
    const turnNo = typeof turn.index === 'number' ? turn.index : turnIndex(i);
    try {
      decoded.push(decodeTurn(turn, turnNo, b, fastPath, limit, decodeText));
    } catch (e) {
      if (e instanceof ParserMissing) throw e;
      // Defensive only: the parser throws solely with a maxBufferSize we never set. Keep the other turns.
      decoded.push({ turn: turnNo, invalidUtf8At: [] });
    }
  });
  return { frames: b.finish(), decoded };
}
