/**
 * SSE decoding: a Recording's network chunks -> the events a WHATWG EventSource would dispatch, as Frames.
 *
 * Contract: `decodeRecording(rec)` never throws and does not mutate `rec`. Frames are numbered from 0 across the
 * whole recording, in turn order. Per turn:
 * - the chunks go through ONE streaming TextDecoder('utf-8') (a character split across chunks belongs to the chunk
 *   where it completes); one leading BOM is stripped and counted (3 bytes) in byte offsets;
 * - the text is cut into event blocks by `segmentText` (CR, LF, CRLF; a block ends at an empty line) and each block
 *   is fed, in order, to one eventsource-parser per turn, so field parsing follows that library;
 * - a frame's time is that of the chunk holding the first character of its terminating blank line; `chunks` are the
 *   chunks holding the block's first and last characters; char and byte ranges cover the whole block;
 * - `id` is the last event ID in force (sticky within the turn, also set by blocks that dispatch nothing);
 * - text after the last blank line that is more than whitespace and comments is `unterminated` (never dispatched).
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { frameIndex, type DecodedTurn, type Frame, type Recording, type Turn } from '../types';
import { segmentText } from './segment';
import { byteCursor, findInvalidRuns } from './utf8';

export { segmentBytes, segmentText, type OnBlock } from './segment';

export interface DecodeResult {
  frames: Frame[];
  decoded: DecodedTurn[];
}

interface DecodedText {
  text: string;
  /** chunkChar[k] = char offset where chunk k's output starts. */
  chunkChar: number[];
  bom: number;
  bytes: number;
  /** The turn's whole byte stream, when it was built (needed to classify U+FFFD). */
  all?: Uint8Array;
}

/** Whether the byte stream starts with EF BB BF. */
function hasBom(all: Uint8Array): boolean {
  return all[0] === 0xef && all[1] === 0xbb && all[2] === 0xbf;
}

/** The turn's byte stream: a view when the chunks are already contiguous in one buffer (as loaders pack them). */
function concatBytes(turn: Turn, total: number): Uint8Array {
  const first = turn.chunks[0]?.bytes;
  if (!first) return new Uint8Array(0);
  let end = first.byteOffset;
  const contiguous = turn.chunks.every((c) => {
    const ok = c.bytes.buffer === first.buffer && c.bytes.byteOffset === end;
    end += c.bytes.length;
    return ok;
  });
  if (contiguous) return new Uint8Array(first.buffer, first.byteOffset, total);
  const all = new Uint8Array(total);
  let at = 0;
  for (const chunk of turn.chunks) {
    all.set(chunk.bytes, at);
    at += chunk.bytes.length;
  }
  return all;
}

/**
 * Decodes a turn's chunks. Fast path: one decode of the concatenated bytes; when that text is pure ASCII (one char
 * per byte, no U+FFFD) every chunk's output is exactly its own bytes, so chunk k starts at its byte offset (minus the
 * BOM). Otherwise: ONE streaming TextDecoder over the chunks in order, `decode(bytes, {stream: true})` each and a
 * final `decode()` (its output, if any, belongs to the last chunk), which attributes a split character to the
 * chunk where it completes. Both give the same text: that is what streaming decoding guarantees.
 */
function decodeChunks(turn: Turn): DecodedText {
  let bytes = 0;
  for (const chunk of turn.chunks) bytes += chunk.bytes.length;
  const all = concatBytes(turn, bytes);
  const bom = hasBom(all) ? 3 : 0;
  const whole = new TextDecoder('utf-8').decode(all);
  const chunkChar: number[] = new Array<number>(turn.chunks.length);
  if (whole.length === bytes - bom && whole.indexOf('\uFFFD') === -1) {
    let at = 0;
    turn.chunks.forEach((chunk, k) => {
      chunkChar[k] = at > bom ? at - bom : 0;
      at += chunk.bytes.length;
    });
    return { text: whole, chunkChar, bom, bytes };
  }
  const decoder = new TextDecoder('utf-8');
  let chars = 0;
  turn.chunks.forEach((chunk, k) => {
    chunkChar[k] = chars;
    chars += decoder.decode(chunk.bytes, { stream: true }).length;
  });
  return { text: whole, chunkChar, bom, bytes, all };
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

function decodeTurn(turn: Turn, turnNo: number, frames: Frame[]): DecodedTurn {
  const { text, chunkChar, bom, bytes, all } = decodeChunks(turn);
  const invalid = all ? findInvalidRuns(text, all, bom) : [];
  const byteAt = byteCursor(text, bytes, bom, invalid);

  let k = 0;
  const lastChunk = chunkChar.length - 1;
  const chunkOf = (c: number): number => {
    while (k < lastChunk && (chunkChar[k + 1] as number) <= c) k++;
    return k;
  };

  let lastId = '';
  let blockStart = 0;
  let blankAt = 0;
  let blockEnd = 0;
  let dispatched = false;
  const onEvent = (ev: EventSourceMessage): void => {
    dispatched = true;
    if (ev.id !== undefined) lastId = ev.id;
    const first = chunkOf(blockStart);
    const at = chunkOf(blankAt);
    const last = chunkOf(blockEnd - 1);
    const frame: Frame = {
      index: frameIndex(frames.length),
      turn: turnNo,
      time: (turn.chunks[at] as { time: Frame['time'] }).time,
      event: ev.event ?? 'message',
      data: ev.data,
      chunks: [first, last],
      charStart: blockStart,
      charEnd: blockEnd,
      byteStart: byteAt(blockStart),
      byteEnd: byteAt(blockEnd),
    };
    if (lastId !== '') frame.id = lastId;
    frames.push(frame);
  };
  const parser = createParser({ onEvent });
  // eventsource-parser strips a leading "ï»¿" (a BOM misread as Latin-1) from its first feed; the decoder has
  // already stripped the real BOM, so an empty first feed keeps the text exactly as decoded.
  parser.feed('');

  const rest = segmentText(text, (start, blank, end) => {
    blockStart = start;
    blankAt = blank;
    blockEnd = end;
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
export function decodeRecording(rec: Recording): DecodeResult {
  const frames: Frame[] = [];
  const decoded: DecodedTurn[] = [];
  rec.turns.forEach((turn, i) => {
    const turnNo = typeof turn.index === 'number' ? turn.index : i;
    try {
      decoded.push(decodeTurn(turn, turnNo, frames));
    } catch {
      // Defensive only: the parser throws solely with a maxBufferSize we never set. Keep the other turns.
      decoded.push({ turn: turnNo, text: '', invalidUtf8At: [] });
    }
  });
  return { frames, decoded };
}
