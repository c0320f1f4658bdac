// Benchmark: decodeRecording on a 500,000-event Chat-style stream vs the floor (docs/performance.md): split the same
// text on '\n\n', take the data lines, JSON.parse each. Prints times and the ratio floor/ours (>= 1 means we are
// at least as fast as the floor). Run: npx tsx bench/sse.ts [events] [--per-chunk N]
import { decodeRecording, frameData } from '../src/core/sse';
import { load } from '../src/core/load';
import type { Recording } from '../src/core/types';

const args = process.argv.slice(2);
const perChunkArg = args.indexOf('--per-chunk');
const EVENTS_PER_CHUNK = perChunkArg === -1 ? 1 : Number(args[perChunkArg + 1] ?? 1);
const EVENTS = Number(args.find((a, i) => /^\d+$/.test(a) && i !== perChunkArg + 1) ?? 500_000);
const CJK = args.includes('--cjk');

function chatEvent(i: number): string {
  const content = CJK ? `词${i % 97}` : `tok${i % 97} `;
  return `data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1730000000,"model":"qwen3-8b","choices":[{"index":0,"delta":{"content":"${content}"},"finish_reason":null}]}\n\n`;
}

/** The stream as a v1 recording (one `chunk` line per network chunk), read by load() as the app would. */
function build(): { text: string; rec: Recording; loadMs: number } {
  const parts: string[] = [];
  for (let i = 0; i < EVENTS; i++) parts.push(chatEvent(i));
  parts.push('data: [DONE]\n\n');
  const lines = ['{"streamscope":1,"wire":"openai-chat","provenance":{"kind":"synthetic"}}', '[0,"req",{}]'];
  for (let i = 0; i < parts.length; i += EVENTS_PER_CHUNK) {
    lines.push(JSON.stringify([i * 0.5, 'chunk', parts.slice(i, i + EVENTS_PER_CHUNK).join('')]));
  }
  const file = lines.join('\n');
  const t0 = performance.now();
  const loaded = load(file, 'bench.jsonl');
  const loadMs = performance.now() - t0;
  if (!loaded.ok) throw new Error(loaded.error.message);
  return { text: parts.join(''), rec: loaded.recording, loadMs };
}

/** The floor: the text as one string (decoding not counted), split on blank lines, JSON.parse of each data line. */
function floor(text: string): number {
  let n = 0;
  for (const block of text.split('\n\n')) {
    for (const line of block.split('\n')) {
      if (!line.startsWith('data: ')) continue;
      const payload = line.slice(6);
      if (payload === '[DONE]') continue;
      if (JSON.parse(payload)) n++;
    }
  }
  return n;
}

function time(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

const { text, rec, loadMs } = build();
console.log(`load() of the .jsonl: ${loadMs.toFixed(0)} ms (not part of the budget)`);
console.log(`events: ${EVENTS}, chunks: ${rec.turns[0]!.chunks.ends.length}, text: ${(text.length / 1e6).toFixed(1)} M chars${CJK ? ' (CJK content)' : ''}`);
const floorT: number[] = [];
const oursT: number[] = [];
const oursParseT: number[] = [];
let frames = 0;
for (let round = 0; round < 7; round++) {
  floorT.push(time(() => floor(text)));
  oursT.push(time(() => {
    frames = decodeRecording(rec).frames.count;
  }));
  oursParseT.push(time(() => {
    const t = decodeRecording(rec).frames;
    for (let i = 0; i < t.count; i++) {
      const data = frameData(t, i);
      if (data !== '[DONE]') JSON.parse(data);
    }
  }));
}
// The machine may be shared: the minimum of the rounds is the least disturbed figure; medians are printed too.
const f = Math.min(...floorT);
const o = Math.min(...oursT);
const op = Math.min(...oursParseT);
console.log(`medians: floor ${median(floorT).toFixed(0)} ms, ours ${median(oursT).toFixed(0)} ms, ours+parse ${median(oursParseT).toFixed(0)} ms`);
console.log(`frames: ${frames}`);
console.log(`floor (split + JSON.parse):         ${f.toFixed(0)} ms`);
console.log(`decodeRecording:                    ${o.toFixed(0)} ms   ratio floor/ours = ${(f / o).toFixed(2)}`);
console.log(`decodeRecording + JSON.parse each:  ${op.toFixed(0)} ms   ratio floor/ours = ${(f / op).toFixed(2)}`);
