/**
 * The recording format v1 reader (`.jsonl`, docs/recording-format.md).
 *
 * Contract: line 1 must be a v1 header, or the whole file is refused with one message naming line 1 and byte 0.
 * Every later line is an event `[timeMs, code, data]`; a bad line (not JSON, wrong shape, time not finite, bad
 * data, bad base64) is skipped with a LoadIssue naming its line and byte offset, and reading goes on. Unknown codes
 * are ignored (one 'unknown-event-code' issue per code). Times going backwards are kept as they are. Never throws.
 * Each turn's chunks are a ChunkTable over one buffer for the whole file; a `chunk` text the file holds without
 * escapes (and as valid UTF-8) is copied from the file's bytes, not re-encoded (the same bytes either way).
 */
import { ms, turnIndex, type EndStatus, type LoadIssue, type LoadResult, type Mark, type Mutable, type Recording, type ToolRun, type Turn } from '../types';
import { emptyTable, NumberColumn } from '../chunk-table';
import { utf8Length } from '../sse/utf8';
import { reader } from './readers';
import { readChunkLine } from './chunk-line';
import { Packer, type Payload } from './pack';
import { readHeader, readLocalized } from './header';
import { errorText, excerpt, failure, issue, isObject, jsonText } from './issues';
import { jsonType, type IssueParams, type IssueTemplateId } from './messages';
import { BLOCK_BYTES, LineReader } from './line-reader';
import type { Source } from './source';

const END_STATUSES: readonly EndStatus[] = ['complete', 'aborted', 'error'];

interface State {
  turns: Mutable<Turn>[];
  tools: ToolRun[];
  marks: Mark[];
  issues: LoadIssue[];
  seenUnknown: Set<string>;
  /** One packer for the recording: chunks only ever go to the latest turn, so each turn's bytes are contiguous in
   * it (one ArrayBuffer for the file, not one per turn: 100,000 turns stay near their bytes). */
  packer: Packer;
  /** Each chunk's time, in the packer's order. */
  times: NumberColumn;
  /** Per turn: the packer index of its first chunk (its chunks run to the next turn's first). */
  firstChunk: number[];
  /** The line being read, for issues (its number and byte offset). */
  reader: LineReader;
}

function bad<I extends IssueTemplateId>(st: State, id: I, params: IssueParams<I>): void {
  st.issues.push(issue(id, params, st.reader.no, st.reader.byteOffset()));
}

function newTurn(st: State, requestAt: number): Mutable<Turn> {
  const turn: Mutable<Turn> = { index: turnIndex(st.turns.length), requestAt: ms(requestAt), chunks: emptyTable() };
  st.turns.push(turn);
  st.firstChunk.push(st.packer.count);
  return turn;
}

/** The latest turn, or an implicit turn 0 at time 0 when no `req` came yet. */
function currentTurn(st: State, code: string): Mutable<Turn> {
  const last = st.turns[st.turns.length - 1];
  if (last) return last;
  bad(st, 'implicit-turn', { event: code });
  return newTurn(st, 0);
}

/** `data.turn` when it names an existing turn, the current turn when absent, undefined (with an issue) otherwise. */
function namedTurn(st: State, data: Record<string, unknown>, code: string): Mutable<Turn> | undefined {
  if (data.turn === undefined) return currentTurn(st, code);
  const t = data.turn;
  const turn = typeof t === 'number' && Number.isInteger(t) ? st.turns[t] : undefined;
  if (!turn) bad(st, 'unknown-turn', { event: code, turn: excerpt(jsonText(t)) });
  return turn;
}

/** Chunks only ever go to the latest turn (`currentTurn`), so a turn's chunks are a run of the packer's. */
function addChunk(st: State, time: number, payload: Payload): void {
  st.times.push(time);
  st.packer.add(payload);
}

const isJsonSpace = (b: number | undefined): boolean => b === 32 || b === 9 || b === 10 || b === 13;

/**
 * A `chunk` event whose text the file holds without escapes: its bytes are the file's own (copied as they are, not
 * re-encoded). `text` is the parsed string, the line's last element (the event has exactly three). False when that
 * does not apply (text input, a block with invalid UTF-8, escapes in the string): the caller encodes `text`.
 */
function addRawChunk(st: State, time: number, text: string): boolean {
  const r = st.reader;
  const end = r.rawEnd();
  const b = r.rawBlock();
  if (end < 0 || b === null) return false;
  // the line ends `"` ws `]` ws: find the closing quote of the last string, then its opening quote
  let i = end - 1;
  while (isJsonSpace(b[i])) i--;
  if (b[i] !== 93 /* ] */) return false;
  i--;
  while (isJsonSpace(b[i])) i--;
  if (b[i] !== 34 /* " */) return false;
  const close = i;
  const open = b.lastIndexOf(34, close - 1);
  // an escaped quote is preceded by a backslash; any other quote opens the string
  if (open < 0 || b[open - 1] === 92 /* \ */) return false;
  // an escape always takes more bytes in the file than its character's UTF-8: equal lengths mean no escapes
  const raw = close - open - 1;
  if ((r.rawAscii() ? text.length : utf8Length(text, 0, text.length)) !== raw) return false;
  st.times.push(time);
  st.packer.addRange(b, open + 1, close);
  return true;
}

function applyEvent(st: State, time: number, code: string, data: unknown, size: number): void {
  switch (code) {
    case 'req': {
      const turn = newTurn(st, time);
      const index = turn.index;
      if (isObject(data)) {
        if ('body' in data) turn.request = data.body;
        if (data.turn !== undefined && data.turn !== index) {
          bad(st, 'turn-number-mismatch', { turn: excerpt(jsonText(data.turn)), index });
        }
      }
      return;
    }
    case 'chunk': {
      if (typeof data !== 'string') return bad(st, 'bad-event-data.chunk', { type: jsonType(data) });
      currentTurn(st, code);
      if (size !== 3 || !addRawChunk(st, time, data)) addChunk(st, time, data);
      return;
    }
    case 'bytes': {
      if (typeof data !== 'string') return bad(st, 'bad-event-data.bytes', { type: jsonType(data) });
      const r = reader('base64')(data);
      if (!r.ok) {
        const why = r.why;
        if (why.reason === 'padding') return bad(st, 'bad-base64.padding', { at: why.at });
        if (why.reason === 'length') return bad(st, 'bad-base64.length', { count: why.count });
        return bad(st, 'bad-base64.char', { at: why.at, char: why.char });
      }
      currentTurn(st, code);
      addChunk(st, time, r.bytes);
      return;
    }
    case 'end': {
      if (!isObject(data) || !END_STATUSES.includes(data.status as EndStatus)) {
        return bad(st, 'bad-event-data.end', { type: jsonType(isObject(data) ? data.status : data) });
      }
      const end: Mutable<NonNullable<Turn['end']>> = { time: ms(time), status: data.status as EndStatus };
      if (typeof data.note === 'string') end.note = data.note;
      currentTurn(st, code).end = end;
      return;
    }
    case 'final': {
      if (!isObject(data) || !('message' in data)) return bad(st, 'bad-event-data.final', { type: jsonType(data) });
      const turn = namedTurn(st, data, code);
      if (turn) turn.final = { time: ms(time), message: data.message };
      return;
    }
    case 'tool': {
      if (!isObject(data) || typeof data.callId !== 'string' || typeof data.name !== 'string') {
        return bad(st, 'bad-event-data.tool', {});
      }
      const d = data.durationMs;
      if (typeof d !== 'number' || !Number.isFinite(d) || d < 0) return bad(st, 'bad-event-data.tool-duration', { type: jsonType(d) });
      const turn = namedTurn(st, data, code);
      if (turn) st.tools.push({ time: ms(time), turn: turn.index, callId: data.callId, name: data.name, durationMs: d });
      return;
    }
    case 'mark': {
      const label = readLocalized(data);
      if (!label) return bad(st, 'bad-event-data.mark', { type: jsonType(data) });
      st.marks.push({ time: ms(time), label });
      return;
    }
    default:
      if (!st.seenUnknown.has(code)) {
        st.seenUnknown.add(code);
        bad(st, 'unknown-event-code', { event: excerpt(code) });
      }
  }
}

export function loadJsonl(src: Source): LoadResult {
  // Line by line, each decoded on its own (line-reader.ts): the file is never one string; a stream is let go as read.
  const reader = new LineReader(src, BLOCK_BYTES, true);
  reader.next();
  const line1 = reader.text;
  if (line1.trim() === '') return failure('jsonl-empty', {}, 1, 0);
  let headerValue: unknown;
  try {
    headerValue = JSON.parse(line1);
  } catch (e) {
    return failure('header-not-json', { error: errorText(e) }, 1, 0);
  }
  const h = readHeader(headerValue, 1, 0);
  // h.code and h.params match by construction (HeaderRefusal); TS cannot correlate the union members here
  if (!h.ok) return failure(h.code, h.params as never, 1, 0);

  // Room for the whole file: a chunk's bytes are rarely more than its line's (escapes shrink, only undecodable
  // bytes grow), so the packer does not grow and copy; capacity never written costs no memory, table() trims it
  // (not for a stream: see pack.ts).
  const st: State = {
    turns: [],
    tools: [],
    marks: [],
    issues: [...h.issues],
    seenUnknown: new Set(),
    packer: new Packer(src.size, src.streamed !== undefined),
    times: new NumberColumn(src.size >> 7),
    firstChunk: [],
    reader,
  };
  while (reader.next()) {
    if (readChunk(st)) continue;
    const line = reader.text;
    if (isBlank(line)) continue;
    let ev: unknown;
    try {
      ev = JSON.parse(line);
    } catch (e) {
      bad(st, 'bad-json', { error: errorText(e) });
      continue;
    }
    if (!Array.isArray(ev) || ev.length < 2 || typeof ev[1] !== 'string') {
      bad(st, 'bad-event-shape', { type: jsonType(ev) });
      continue;
    }
    const time: unknown = ev[0];
    if (typeof time !== 'number' || !Number.isFinite(time)) {
      bad(st, 'bad-time', { type: jsonType(time), value: excerpt(time === undefined ? '' : jsonText(time)) });
      continue;
    }
    applyEvent(st, time, ev[1], ev[2], ev.length);
  }
  // the packer holds the chunks in the order they were added: turn by turn, chunk by chunk
  st.turns.forEach((turn, i) => {
    const from = st.firstChunk[i] as number;
    const to = st.firstChunk[i + 1] ?? st.packer.count;
    turn.chunks = st.packer.table(from, to, st.times.range(from, to));
  });
  if (st.turns.length === 0) st.issues.push(issue('no-turns', {}));
  const recording: Recording = {
    header: h.header,
    format: 'jsonl',
    timed: true,
    turns: st.turns,
    tools: st.tools,
    marks: st.marks,
    issues: st.issues,
  };
  return { ok: true, recording };
}

/** A plain `chunk` line read from the file's bytes (./chunk-line.ts); false: read the line the general way. */
function readChunk(st: State): boolean {
  const r = st.reader;
  const end = r.rawEnd();
  const b = r.rawBlock();
  if (end < 0 || b === null) return false;
  const from = r.rawStart();
  const sink = st.packer.sink(end - from);
  const time = readChunkLine(b, from, end, sink);
  if (time === undefined) return false;
  currentTurn(st, 'chunk');
  st.times.push(time);
  st.packer.commit(sink.at);
  return true;
}

/** Whether a line is empty or only whitespace (cheap for the usual line that starts with '['). */
function isBlank(line: string): boolean {
  const c = line.charCodeAt(0);
  if (line.length === 0) return true;
  if (c === 91 /* [ */ || c === 123 /* { */) return false;
  return line.trim() === '';
}
