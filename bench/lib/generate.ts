// Generated recordings for the benchmark and the robustness tests: a long Chat-style turn of text fragments with
// tool calls streamed in small argument fragments, as a v1 .jsonl file (one `chunk` per event, 2 ms apart).
import { closeSync, openSync, writeSync } from 'node:fs';
import { encodeTurnEvents, type TurnSpec } from '../../src/core/wire/encode';

export interface Generated {
  /** The .jsonl recording. */
  jsonl: string;
  /** The SSE body alone (what the floor reads). */
  sse: string;
  events: number;
}

export function chatSpec(events: number): TurnSpec {
  const calls = Math.max(1, Math.floor(events / 5_000));
  const argFragmentsPerCall = 40;
  const textFragments = Math.max(1, events - 2 - calls * (argFragmentsPerCall + 1));
  const text: string[] = [];
  for (let i = 0; i < textFragments; i++) text.push(i % 50 === 49 ? '\n' : `tok${i % 97} `);
  const spec: TurnSpec = { text, calls: [] };
  for (let c = 0; c < calls; c++) {
    const args = JSON.stringify({ path: `src/module_${c}/file_${c}.ts`, start: c, end: c + 40, note: 'x'.repeat(120) });
    const size = Math.ceil(args.length / argFragmentsPerCall);
    const fragments: string[] = [];
    for (let i = 0; i < args.length; i += size) fragments.push(args.slice(i, i + size));
    spec.calls.push({ id: `call_${c}`, name: c % 3 === 0 ? 'write_file' : 'read_file', fragments });
  }
  return spec;
}

export function generateChat(events: number): Generated {
  const evs = encodeTurnEvents('openai-chat', chatSpec(events));
  const blocks = evs.map((e) => `data: ${e.data}\n\n`);
  const lines = [
    JSON.stringify({ streamscope: 1, wire: 'openai-chat', title: { zh: `生成的 ${events} 帧`, en: `Generated ${events} frames` }, provenance: { kind: 'synthetic', source: 'bench/lib/generate.ts' } }),
    JSON.stringify([0, 'req', { turn: 0 }]),
  ];
  let t = 120;
  for (const b of blocks) {
    lines.push(JSON.stringify([Math.round(t * 10) / 10, 'chunk', b]));
    t += 2;
  }
  lines.push(JSON.stringify([Math.round(t * 10) / 10, 'end', { status: 'complete' }]));
  return { jsonl: lines.join('\n') + '\n', sse: blocks.join(''), events: blocks.length };
}

/**
 * The same recording as `generateChat(events).jsonl`, byte for byte, written to `path` in pieces (a few MB at a
 * time), so inputs larger than one JS string can hold (5,000,000 frames: about 1.2 GB) can be generated. With
 * `turns` > 1, that turn `turns` times (each after its own `req`, `events` frames each). With `as: 'sse'`, the SSE
 * body alone (`generateChat(events).sse`; one turn: raw SSE has no turns). Returns the number of SSE
 * events (frames) and the file's size in bytes.
 */
export function writeChatJsonl(path: string, events: number, turns = 1, as: 'jsonl' | 'sse' = 'jsonl'): { events: number; bytes: number } {
  const sse = as === 'sse';
  const spec = chatSpec(events);
  const text = spec.text ?? [];
  const fd = openSync(path, 'w');
  let bytes = 0;
  let lines: string[] = [];
  const flush = (): void => {
    if (lines.length === 0) return;
    const piece = sse ? lines.join('') : lines.join('\n') + '\n';
    bytes += writeSync(fd, piece);
    lines = [];
  };
  if (!sse) lines.push(
    JSON.stringify({ streamscope: 1, wire: 'openai-chat', title: { zh: `生成的 ${events} 帧`, en: `Generated ${events} frames` }, provenance: { kind: 'synthetic', source: 'bench/lib/generate.ts' } }),
  );
  let t = 0;
  let count = 0;
  const emit = (evs: readonly { data: string }[]): void => {
    for (const e of evs) {
      lines.push(sse ? `data: ${e.data}\n\n` : JSON.stringify([Math.round(t * 10) / 10, 'chunk', `data: ${e.data}\n\n`]));
      t += 2;
      count++;
      if (lines.length >= 20_000) flush();
    }
  };
  // encodeChat's order: the role chunk, the text chunks, the calls, the finish, [DONE]; encoded a batch at a time
  const BATCH = 50_000;
  const writeTurn = (): void => {
    for (let i = 0; i < text.length || i === 0; i += BATCH) {
      const evs = encodeTurnEvents('openai-chat', { text: text.slice(i, i + BATCH), calls: [] });
      // every batch has its own role chunk and its finish + [DONE]: keep the role chunk of the first one only
      emit(evs.slice(i === 0 ? 0 : 1, -2));
    }
    emit(encodeTurnEvents('openai-chat', { text: [], calls: spec.calls }).slice(1));
  };
  for (let turn = 0; turn < turns; turn++) {
    if (turn > 0 && !sse) lines.push(JSON.stringify([Math.round(t * 10) / 10, 'end', { status: 'complete' }]));
    if (!sse) lines.push(JSON.stringify([Math.round(t * 10) / 10, 'req', { turn }]));
    t += 120;
    writeTurn();
  }
  if (!sse) lines.push(JSON.stringify([Math.round(t * 10) / 10, 'end', { status: 'complete' }]));
  flush();
  closeSync(fd);
  return { events: count, bytes };
}
