/**
 * Export: a Recording -> the text of a v1 recording (`.jsonl`, docs/recording-format.md).
 *
 * Contract: pure, never throws, linear in the size of the recording. Line 1 is the header (`streamscope` first);
 * then, per turn in order, `req` (with `body` when the turn has a request), its chunks — `chunk` with the text when
 * the chunk's bytes are valid UTF-8 on their own, else `bytes` with base64 —, `end` and `final`; `tool` lines follow
 * the turn they name and `mark` lines are placed by time between turns; both keep their order. Hence
 * `load(serializeRecording(r))` gives back r's header, turns, tools and marks (a file that was not v1 comes back as
 * a timed v1 recording). A time that is not a finite number is written as 0. Any depth: a request body or final
 * message nested 100,000 levels is written in full (an iterative serializer where JSON.stringify would overflow).
 */
import { chunkBytes, chunkCount, chunkTime } from '../chunk-table';
import { encodeBase64 } from '../load/base64';
import type { Recording, Turn } from '../types';
import { stringifyDeep } from '../wire/safe-json';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The chunk's text when its bytes are valid UTF-8 on their own, else undefined. */
function textOf(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

const time = (t: number): number => (Number.isFinite(t) ? t : 0);
const line = (t: number, code: string, data: unknown): string => stringifyDeep([time(t), code, data]);

function turnLines(turn: Turn, index: number): string[] {
  const out: string[] = [];
  out.push(line(turn.requestAt, 'req', turn.request === undefined ? { turn: index } : { turn: index, body: turn.request }));
  const chunks = turn.chunks;
  for (let k = 0; k < chunkCount(chunks); k++) {
    const bytes = chunkBytes(chunks, k);
    const text = textOf(bytes);
    out.push(text === undefined ? line(chunkTime(chunks, k), 'bytes', encodeBase64(bytes)) : line(chunkTime(chunks, k), 'chunk', text));
  }
  if (turn.end) {
    const end: { status: string; note?: string } = { status: turn.end.status };
    if (turn.end.note !== undefined) end.note = turn.end.note;
    out.push(line(turn.end.time, 'end', end));
  }
  if (turn.final) out.push(line(turn.final.time, 'final', { turn: index, message: turn.final.message ?? null }));
  return out;
}

/**
 * The slot (0 = before turn 0, k = after turn k-1's lines) for each item, never smaller than the previous item's
 * slot, so that items keep their order in the file. `wanted` gets that floor (so a search can start there).
 */
function monotoneSlots<T>(items: readonly T[], wanted: (item: T, floor: number) => number): number[] {
  let floor = 0;
  return items.map((item) => (floor = Math.max(floor, wanted(item, floor))));
}

export function serializeRecording(rec: Recording): string {
  const turns = rec.turns;
  const n = turns.length;
  // a tool goes after the turn it names (unknown turns: at the end, where the loader will name them)
  const toolSlots = monotoneSlots(rec.tools, (t) => (Number.isInteger(t.turn) && t.turn >= 0 && t.turn < n ? t.turn + 1 : n));
  // a mark goes before the first turn requested at or after its time
  const markSlots = monotoneSlots(rec.marks, (m, floor) => {
    let slot = floor;
    while (slot < n && (turns[slot] as Turn).requestAt < m.time) slot++;
    return slot;
  });

  const { streamscope: _version, ...headerRest } = rec.header;
  const lines: string[] = [stringifyDeep({ streamscope: 1, ...headerRest })];
  let ti = 0;
  let mi = 0;
  for (let slot = 0; slot <= n; slot++) {
    if (slot > 0) lines.push(...turnLines(turns[slot - 1] as Turn, slot - 1));
    for (; ti < rec.tools.length && toolSlots[ti] === slot; ti++) {
      const t = rec.tools[ti]!;
      lines.push(line(t.time, 'tool', { turn: t.turn, callId: t.callId, name: t.name, durationMs: t.durationMs }));
    }
    for (; mi < rec.marks.length && markSlots[mi] === slot; mi++) {
      const m = rec.marks[mi]!;
      lines.push(line(m.time, 'mark', { zh: m.label.zh, en: m.label.en }));
    }
  }
  return lines.join('\n') + '\n';
}
