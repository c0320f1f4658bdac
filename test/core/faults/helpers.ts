// Test helpers for the faults: small hand-made recordings, and reading them back through the real SSE decoder and
// wire adapters (an assembly oracle independent of the faults' code).
import { decodeRecording, framesOf } from '../../../src/core/sse';
import { ms, turnIndex, type Chunk, type EndStatus, type Frame, type Mutable, type Recording, type Turn, type WireId } from '../../../src/core/types';
import { adaptFrames, signalLists } from '../../../src/core/wire';
import { frameTableOf } from '../../../src/core/sse';
import { chunkList, tableOf } from '../../../src/core/chunk-table';

const enc = new TextEncoder();

export interface TurnInput {
  requestAt?: number;
  /** [absolute time, text or bytes] */
  chunks: [number, string | Uint8Array][];
  end?: { time: number; status?: EndStatus };
  final?: unknown;
}

export function makeRecording(wire: WireId | undefined, turns: TurnInput[], extra: Partial<Recording> = {}): Recording {
  return {
    header: wire ? { streamscope: 1, wire } : { streamscope: 1 },
    format: 'jsonl',
    timed: true,
    turns: turns.map((t, index): Turn => {
      const chunks: Chunk[] = t.chunks.map(([time, c]) => ({ time: ms(time), bytes: typeof c === 'string' ? enc.encode(c) : c }));
      const turn: Mutable<Turn> = { index: turnIndex(index), requestAt: ms(t.requestAt ?? 0), chunks: tableOf(chunks) };
      const last = t.chunks[t.chunks.length - 1]?.[0] ?? 0;
      turn.end = { time: ms(t.end?.time ?? last), status: t.end?.status ?? 'complete' };
      if (t.final !== undefined) turn.final = { time: ms(last), message: t.final };
      return turn;
    }),
    tools: [],
    marks: [],
    issues: [],
    ...extra,
  };
}

/** One chunk per SSE event, `step` ms apart from `start`. */
export function evenly(sse: string, start = 100, step = 10): [number, string][] {
  const events = sse.split(/(?<=\n\n)/).filter((e) => e !== '');
  return events.map((e, i) => [start + i * step, e]);
}

export const frames = (rec: Recording): Frame[] => framesOf(decodeRecording(rec).frames);

export function turnText(turn: Turn): string {
  const d = new TextDecoder();
  return chunkList(turn.chunks).map((c) => d.decode(c.bytes, { stream: true })).join('') + d.decode();
}

export const chunkTexts = (turn: Turn): string[] => chunkList(turn.chunks).map((c) => new TextDecoder().decode(c.bytes));

export interface AssembledCall {
  turn: number;
  id: string;
  name: string;
  args: string;
}

/** Calls per key, per turn, from the wire adapters' signals: id and name from the start, args appended. */
export function assemble(rec: Recording, wire: WireId): AssembledCall[] {
  const fs = frames(rec);
  const signals = signalLists(adaptFrames(wire, frameTableOf(fs)));
  const out: AssembledCall[] = [];
  const open = new Map<string, AssembledCall>();
  fs.forEach((f, i) => {
    for (const s of signals[i] ?? []) {
      const k = `${f.turn}/${'key' in s ? s.key : ''}`;
      if (s.kind === 'call-start') {
        const call = { turn: f.turn, id: s.id ?? '', name: s.name ?? '', args: '' };
        open.set(k, call);
        out.push(call);
      } else if (s.kind === 'args') {
        const call = open.get(k);
        if (call) call.args += s.text;
      } else if (s.kind === 'call-complete') {
        out.push({ turn: f.turn, id: s.id, name: s.name, args: s.args });
      }
    }
  });
  return out;
}

/** Data of every frame, per turn. */
export const frameData = (rec: Recording): string[] => frames(rec).map((f) => `${f.turn}|${f.event}|${f.data}`);
