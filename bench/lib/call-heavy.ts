// A call-heavy Chat stream for the memory rows (issue 33): tool calls in groups of GROUP whose argument fragments
// arrive interleaved (round-robin by index, as parallel calls do), about 25 frames per call, written in pieces as
// raw SSE (the stream: one turn, call indices 0, 1, 2... across the groups; 1,000,000 frames: about 44,000
// calls and 242 MB). `lean`: the same frames, calls and fragments in leaner envelopes (the id "c1", no `created`,
// `model` or `logprobs`: 176 MB for 1,000,000 frames), nearer the issue's own 160 MB stream, whose bytes are not known.
import { closeSync, openSync, writeSync } from 'node:fs';
import { encodeTurnEvents, type TurnSpec } from '../../src/core/wire/encode';

export const GROUP = 8;
const FRAGMENTS = 23;

function groupSpec(group: number): TurnSpec {
  const calls = [];
  for (let c = 0; c < GROUP; c++) {
    const n = group * GROUP + c;
    const args = JSON.stringify({ path: `src/module_${n % 997}/file_${n}.ts`, start: n, end: n + 40, note: 'y'.repeat(60 + (n % 40)) });
    const size = Math.ceil(args.length / FRAGMENTS);
    const fragments: string[] = [];
    for (let i = 0; i < args.length; i += size) fragments.push(args.slice(i, i + size));
    calls.push({ id: `call_${n}`, name: c % 3 === 0 ? 'write_file' : 'read_file', fragments });
  }
  return { calls, interleave: true };
}

type Chunk = {
  id?: string;
  created?: number;
  model?: string;
  choices: [{ delta: { role?: string; tool_calls?: { index: number }[] }; finish_reason: string | null; logprobs?: unknown }];
};

/** A group's events in one long turn: its call indices moved past the earlier groups', no role chunk after the first
 * group and no finish or [DONE] before the last. */
function sseEvents(group: number, last: boolean, lean: boolean): string[] {
  const out: string[] = [];
  for (const e of encodeTurnEvents('openai-chat', groupSpec(group))) {
    if (e.data.trim() === '[DONE]') {
      if (last) out.push(e.data);
      continue;
    }
    const chunk = JSON.parse(e.data) as Chunk;
    const choice = chunk.choices[0];
    if (choice.finish_reason !== null && !last) continue;
    if (choice.delta.role !== undefined && group > 0) continue;
    for (const call of choice.delta.tool_calls ?? []) call.index += group * GROUP;
    if (lean) {
      chunk.id = 'c1';
      delete chunk.created;
      delete chunk.model;
      delete choice.logprobs;
    }
    out.push(JSON.stringify(chunk));
  }
  return out;
}

/** Writes about `frames` frames (whole groups) to `path`; returns the frames, calls and bytes written. */
export function writeCallHeavy(path: string, frames: number, lean = false): { frames: number; calls: number; bytes: number } {
  const perGroup = encodeTurnEvents('openai-chat', groupSpec(0)).length;
  const groups = Math.max(1, Math.round(frames / perGroup));
  const fd = openSync(path, 'w');
  let bytes = 0;
  let lines: string[] = [];
  const flush = (): void => {
    if (lines.length > 0) bytes += writeSync(fd, lines.join(''));
    lines = [];
  };
  let count = 0;
  try {
    for (let g = 0; g < groups; g++) {
      for (const data of sseEvents(g, g === groups - 1, lean)) {
        lines.push(`data: ${data}\n\n`);
        count++;
      }
      if (lines.length >= 20_000) flush();
    }
    flush();
  } finally {
    closeSync(fd);
  }
  return { frames: count, calls: groups * GROUP, bytes };
}
