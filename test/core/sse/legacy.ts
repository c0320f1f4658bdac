// The object-per-frame SSE decoder that src/core/sse replaced (kept verbatim as the oracle of the table decoder):
// decodeRecording(rec) -> { frames: Frame[], decoded: DecodedTurn[] with the whole turn text }.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { frameIndex, turnIndex, type Chunk, type Frame, type Mutable, type Recording, type Turn, type TurnIndex } from '../../../src/core/types';
import { segmentBytes, segmentText } from '../../../src/core/sse/segment';
import { fieldValue, NOT_SIMPLE, oneLineBlock, SIMPLE_SILENT, simpleEvent, twoLineBlock } from '../../../src/core/sse/simple-block';
import { emittedAt, findInvalidRuns } from '../../../src/core/sse/utf8';
import { chunkList } from '../../../src/core/chunk-table';


/** The DecodedTurn of the old decoder: it held the turn's whole text. */
export interface DecodedTurn {
  turn: TurnIndex;
  text: string;
  unterminated?: { charStart: number; charEnd: number; text: string };
  invalidUtf8At: number[];
}

export interface DecodeOptions {
  /** Read the common block shapes directly (simple-block.ts). Default true; false sends every block to the parser. */
  fastPath?: boolean;
}

export interface DecodeResult {
  frames: Frame[];
  decoded: DecodedTurn[];
}

/** One decoder for every turn: decode() without `stream` resets it, so each call is a whole, fresh stream. */
const DECODER = new TextDecoder('utf-8');

/** Whether the byte stream starts with EF BB BF. */
function hasBom(all: Uint8Array): boolean {
  return all[0] === 0xef && all[1] === 0xbb && all[2] === 0xbf;
}

/** The turn's byte stream: a view when the chunks are already contiguous in one buffer (as loaders pack them). */
function concatBytes(chunks: readonly Chunk[], total: number): Uint8Array {
  const first = chunks[0]?.bytes;
  if (!first) return new Uint8Array(0);
  let end = first.byteOffset;
  let contiguous = true;
  for (let c = 0; c < chunks.length && contiguous; c++) {
    const b = (chunks[c] as Chunk).bytes;
    contiguous = b.buffer === first.buffer && b.byteOffset === end;
    end += b.length;
  }
  if (contiguous) return new Uint8Array(first.buffer, first.byteOffset, total);
  const all = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk.bytes, at);
    at += chunk.bytes.length;
  }
  return all;
}

/**
 * Byte-space blocks, as flat triples [start, blankAt, end, ...]. The text's blocks correspond one for one: CR and
 * LF bytes decode to CR and LF characters one for one (an invalid sequence never swallows them) and every other
 * byte after the BOM yields at least one character, so lines are empty in both or in neither.
 */
function byteBlocks(all: Uint8Array, bom: number): number[] {
  const out: number[] = [];
  segmentBytes(bom === 0 ? all : all.subarray(bom), (start, blank, end) => {
    out.push(start + bom, blank + bom, end + bom);
  });
  return out;
}

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

/** One turn's decoding state, shared by the CR-free loop and the parser's callback. */
interface TurnState {
  turnNo: TurnIndex;
  chunks: readonly Chunk[];
  /** Byte offset at which each chunk starts. */
  chunkByte: number[];
  lastChunk: number;
  /** Chunk cursor: frames come in byte order, so the chunk search only moves forward. */
  k: number;
  all: Uint8Array;
  /** Pure ASCII after the BOM: byte offset = char offset + BOM. */
  identity: boolean;
  bom: number;
  /** Byte-space blocks (see byteBlocks), or null when identity holds. */
  bytesOf: number[] | null;
  frames: Frame[];
  /** The last event ID in force ('' for none). */
  lastId: string;
}

/** Appends the frame of block number `blockNo` = text[start, end) (blank line at `blank`). */
function pushFrame(t: TurnState, blockNo: number, start: number, blank: number, end: number, event: string, data: string): void {
  let byteStart: number;
  let byteBlank: number;
  let byteEnd: number;
  const bytesOf = t.bytesOf;
  if (bytesOf === null) {
    byteStart = start + t.bom;
    byteBlank = blank + t.bom;
    byteEnd = end + t.bom;
  } else {
    const j = blockNo * 3;
    // The two segmentations pair one for one (see byteBlocks); the fallbacks only keep numbers defined.
    byteStart = bytesOf[j] ?? start + t.bom;
    byteBlank = bytesOf[j + 1] ?? blank + t.bom;
    byteEnd = bytesOf[j + 2] ?? end + t.bom;
  }
  const chunkByte = t.chunkByte;
  const lastChunk = t.lastChunk;
  let k = t.k;
  const firstByte = t.identity ? byteStart : emittedAt(t.all, byteStart);
  while (k < lastChunk && (chunkByte[k + 1] as number) <= firstByte) k++;
  const first = k;
  while (k < lastChunk && (chunkByte[k + 1] as number) <= byteBlank) k++;
  const at = k;
  while (k < lastChunk && (chunkByte[k + 1] as number) < byteEnd) k++;
  t.k = k;
  const frame: Mutable<Frame> = {
    index: frameIndex(t.frames.length),
    turn: t.turnNo,
    time: (t.chunks[at] as Chunk).time,
    event,
    data,
    chunks: [first, k],
    charStart: start,
    charEnd: end,
    byteStart,
    byteEnd,
  };
  if (t.lastId !== '') frame.id = t.lastId;
  t.frames.push(frame);
}

/** The general path for one block: fed to the turn's eventsource-parser. */
type FeedBlock = (blockNo: number, start: number, blank: number, end: number) => void;

function parserFeeder(t: TurnState, text: string): FeedBlock {
  let blockNo = 0;
  let start = 0;
  let blank = 0;
  let end = 0;
  let dispatched = false;
  // Made on the first block the fast path leaves to it: most turns never need one (100,000 short turns would
  // otherwise build 100,000 parsers).
  let parser: ReturnType<typeof createParser> | null = null;
  const make = (): ReturnType<typeof createParser> => {
    const p = createParser({
      onEvent(ev: EventSourceMessage): void {
        dispatched = true;
        if (ev.id !== undefined) t.lastId = ev.id;
        pushFrame(t, blockNo, start, blank, end, ev.event ?? 'message', ev.data);
      },
    });
    // eventsource-parser strips a leading "ï»¿" (a BOM misread as Latin-1) from its first feed; the decoder has
    // already stripped the real BOM, so an empty first feed keeps the text exactly as decoded.
    p.feed('');
    return p;
  };
  return (n, s, b, e) => {
    blockNo = n;
    start = s;
    blank = b;
    end = e;
    dispatched = false;
    const block = text.slice(s, e);
    parser ??= make();
    parser.feed(block);
    // A block ending in a lone CR leaves that CR pending in the parser (it waits for a possible LF); an LF
    // completes the same line ending, so the event dispatches now, with this block.
    if (text.charCodeAt(e - 1) === 13) parser.feed('\n');
    if (!dispatched && block.indexOf('id') !== -1) {
      const id = idOfSilentBlock(block);
      if (id !== undefined) t.lastId = id;
    }
  };
}

/**
 * A CR-free text: the blocks segmentText's CR-free path would cut (a block ends at the first "\n\n"), found by
 * scanning each line once; one- and two-line blocks of the simple shapes (simple-block.ts) are read directly, the
 * others go to `general`. Returns where the unterminated rest begins.
 */
function decodeWithoutCr(t: TurnState, text: string, general: FeedBlock): number {
  let s = 0;
  let blockNo = 0;
  for (;;) {
    const lf = text.indexOf('\n', s);
    if (lf === -1) break;
    let blank: number;
    let dataLine = NOT_SIMPLE;
    if (lf === s) {
      blank = s;
      dataLine = SIMPLE_SILENT;
    } else if (text.charCodeAt(lf + 1) === 10) {
      blank = lf + 1;
      dataLine = oneLineBlock(text, s);
    } else {
      const lf2 = text.indexOf('\n', lf + 1);
      if (lf2 === -1) break;
      if (text.charCodeAt(lf2 + 1) === 10) {
        blank = lf2 + 1;
        dataLine = twoLineBlock(text, s, lf + 1);
      } else {
        const i = text.indexOf('\n\n', lf2 + 1);
        if (i === -1) break;
        blank = i + 1;
      }
    }
    const end = blank + 1;
    if (dataLine >= 0) pushFrame(t, blockNo, s, blank, end, simpleEvent(text, s, dataLine), fieldValue(text, dataLine, 5, blank - 1));
    else if (dataLine !== SIMPLE_SILENT) general(blockNo, s, blank, end);
    blockNo++;
    s = end;
  }
  return s;
}

function decodeTurn(turn: Turn, turnNo: TurnIndex, frames: Frame[], fastPath: boolean): DecodedTurn {
  const chunks = chunkList(turn.chunks);
  const lastChunk = chunks.length - 1;
  const chunkByte: number[] = new Array<number>(chunks.length);
  let total = 0;
  for (let c = 0; c <= lastChunk; c++) {
    chunkByte[c] = total;
    total += (chunks[c] as Chunk).bytes.length;
  }
  // One decode of the whole byte stream: the same text a streaming decoder fed chunk by chunk produces. Which
  // chunk a character belongs to (the one where it completes) is computed in byte space.
  const all = concatBytes(chunks, total);
  const bom = hasBom(all) ? 3 : 0;
  const text = DECODER.decode(all);
  const hasReplacement = text.indexOf('\uFFFD') !== -1;
  const invalid = hasReplacement ? findInvalidRuns(text, all, bom) : [];
  const identity = text.length === total - bom && !hasReplacement;
  const t: TurnState = {
    turnNo,
    chunks,
    chunkByte,
    lastChunk,
    k: 0,
    all,
    identity,
    bom,
    bytesOf: identity ? null : byteBlocks(all, bom),
    frames,
    lastId: '',
  };
  const general = parserFeeder(t, text);
  let rest: number;
  // Without CR, the common block shapes are read directly (simple-block.ts); the parser reads the others.
  if (fastPath && text.indexOf('\r') === -1) rest = decodeWithoutCr(t, text, general);
  else {
    let blockNo = 0;
    rest = segmentText(text, (start, blank, end) => general(blockNo++, start, blank, end));
  }

  const decoded: Mutable<DecodedTurn> = { turn: turnNo, text, invalidUtf8At: invalid.map((r) => r.char) };
  if (rest < text.length) {
    const tail = text.slice(rest);
    if (hasContent(tail)) decoded.unterminated = { charStart: rest, charEnd: text.length, text: tail };
  }
  return decoded;
}

/** Decodes every turn of a recording into frames (see the module contract). Never throws. */
export function decodeRecording(rec: Recording, options: DecodeOptions = {}): DecodeResult {
  const fastPath = options.fastPath !== false;
  const frames: Frame[] = [];
  const decoded: DecodedTurn[] = [];
  rec.turns.forEach((turn, i) => {
    const turnNo = typeof turn.index === 'number' ? turn.index : turnIndex(i);
    try {
      decoded.push(decodeTurn(turn, turnNo, frames, fastPath));
    } catch {
      // Defensive only: the parser throws solely with a maxBufferSize we never set. Keep the other turns.
      decoded.push({ turn: turnNo, text: '', invalidUtf8At: [] });
    }
  });
  return { frames, decoded };
}
