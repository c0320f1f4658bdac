/**
 * SSE decoding: a Recording's network chunks -> the events a WHATWG EventSource would dispatch, as Frames.
 *
 * Contract: `decodeRecording(rec)` never throws and does not mutate `rec`. Frames are numbered from 0 across the
 * whole recording, in turn order. Per turn:
 * - the turn's bytes are decoded as one UTF-8 stream (the text a streaming TextDecoder fed chunk by chunk gives; a
 *   character split across chunks belongs to the chunk where the decoder emits it, computed exactly in byte space);
 *   one leading BOM is stripped and counted (3 bytes) in byte offsets;
 * - the text is cut into event blocks by `segmentText` (CR, LF, CRLF; a block ends at an empty line) and each block
 *   is fed, in order, to one eventsource-parser per turn, so field parsing follows that library. Fast path: in a
 *   turn whose text has no CR, a block that is exactly one `data:` line, an `event:` line then a `data:` line, one
 *   comment line, or the lone empty line is read directly (`simpleBlock`), giving what the parser would (checked by
 *   a property test against `{ fastPath: false }`, which sends every block to the parser);
 * - a frame's time is that of the chunk holding the first character of its terminating blank line; `chunks` are the
 *   chunks holding the block's first and last characters; char and byte ranges cover the whole block;
 * - `id` is the last event ID in force (sticky within the turn, also set by blocks that dispatch nothing);
 * - text after the last blank line that is more than whitespace and comments is `unterminated` (never dispatched).
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { frameIndex, type Chunk, type DecodedTurn, type Frame, type Recording, type Turn } from '../types';
import { segmentBytes, segmentText } from './segment';
import { fieldValue, SIMPLE_SILENT, simpleBlock, simpleEvent } from './simple-block';
import { emittedAt, findInvalidRuns } from './utf8';

export { segmentBytes, segmentText, type OnBlock } from './segment';

export interface DecodeOptions {
  /** Read the common block shapes directly (simple-block.ts). Default true; false sends every block to the parser. */
  fastPath?: boolean;
}

export interface DecodeResult {
  frames: Frame[];
  decoded: DecodedTurn[];
}

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

function decodeTurn(turn: Turn, turnNo: number, frames: Frame[], fastPath: boolean): DecodedTurn {
  const chunks = turn.chunks;
  const lastChunk = chunks.length - 1;
  const chunkByte: number[] = new Array<number>(chunks.length);
  let total = 0;
  for (let c = 0; c <= lastChunk; c++) {
    chunkByte[c] = total;
    total += (chunks[c] as Chunk).bytes.length;
  }
  // One decode of the whole byte stream: the same text a streaming decoder fed chunk by chunk produces. Which
  // chunk a character belongs to (the one where it completes) is computed in byte space below.
  const all = concatBytes(chunks, total);
  const bom = hasBom(all) ? 3 : 0;
  const text = new TextDecoder('utf-8').decode(all);
  const hasReplacement = text.indexOf('\uFFFD') !== -1;
  const invalid = hasReplacement ? findInvalidRuns(text, all, bom) : [];
  // Pure ASCII: one byte per character, so byte offset = char offset + BOM.
  const identity = text.length === total - bom && !hasReplacement;
  const bytesOf = identity ? null : byteBlocks(all, bom);
  // Without CR, the common block shapes are read directly (simple-block.ts); the parser reads the others.
  const fast = fastPath && text.indexOf('\r') === -1;

  let k = 0;
  /** Chunk holding byte b (calls come in non-decreasing order). */
  const chunkOf = (b: number): number => {
    while (k < lastChunk && (chunkByte[k + 1] as number) <= b) k++;
    return k;
  };

  let lastId = '';
  let blockNo = 0;
  let blockStart = 0;
  let blockEnd = 0;
  let byteStart = 0;
  let byteBlank = 0;
  let byteEnd = 0;
  let dispatched = false;
  const emit = (event: string, data: string): void => {
    const first = chunkOf(identity ? byteStart : emittedAt(all, byteStart));
    const at = chunkOf(byteBlank);
    const last = chunkOf(byteEnd - 1);
    const frame: Frame = {
      index: frameIndex(frames.length),
      turn: turnNo,
      time: (chunks[at] as Chunk).time,
      event,
      data,
      chunks: [first, last],
      charStart: blockStart,
      charEnd: blockEnd,
      byteStart,
      byteEnd,
    };
    if (lastId !== '') frame.id = lastId;
    frames.push(frame);
  };
  const parser = createParser({
    onEvent(ev: EventSourceMessage): void {
      dispatched = true;
      if (ev.id !== undefined) lastId = ev.id;
      emit(ev.event ?? 'message', ev.data);
    },
  });
  // eventsource-parser strips a leading "ï»¿" (a BOM misread as Latin-1) from its first feed; the decoder has
  // already stripped the real BOM, so an empty first feed keeps the text exactly as decoded.
  parser.feed('');

  const rest = segmentText(text, (start, blank, end) => {
    blockStart = start;
    blockEnd = end;
    if (bytesOf) {
      const j = blockNo * 3;
      // The two segmentations pair one for one (see byteBlocks); the fallbacks only keep numbers defined.
      byteStart = bytesOf[j] ?? start + bom;
      byteBlank = bytesOf[j + 1] ?? blank + bom;
      byteEnd = bytesOf[j + 2] ?? end + bom;
    } else {
      byteStart = start + bom;
      byteBlank = blank + bom;
      byteEnd = end + bom;
    }
    blockNo++;
    if (fast) {
      const dataLine = simpleBlock(text, start, blank);
      if (dataLine >= 0) {
        emit(simpleEvent(text, start, dataLine), fieldValue(text, dataLine, 5, blank - 1));
        return;
      }
      if (dataLine === SIMPLE_SILENT) return;
    }
    dispatched = false;
    const block = text.slice(start, end);
    parser.feed(block);
    // A block ending in a lone CR leaves that CR pending in the parser (it waits for a possible LF); an LF
    // completes the same line ending, so the event dispatches now, with this block.
    if (text.charCodeAt(end - 1) === 13) parser.feed('\n');
    if (!dispatched && block.indexOf('id') !== -1) {
      const id = idOfSilentBlock(block);
      if (id !== undefined) lastId = id;
    }
  });

  const decoded: DecodedTurn = { turn: turnNo, text, invalidUtf8At: invalid.map((r) => r.char) };
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
    const turnNo = typeof turn.index === 'number' ? turn.index : i;
    try {
      decoded.push(decodeTurn(turn, turnNo, frames, fastPath));
    } catch {
      // Defensive only: the parser throws solely with a maxBufferSize we never set. Keep the other turns.
      decoded.push({ turn: turnNo, text: '', invalidUtf8At: [] });
    }
  });
  return { frames, decoded };
}
