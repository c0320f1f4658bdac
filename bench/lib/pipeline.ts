// The whole analysis a user waits for, against the fastest obvious peer, on three generated streams in one run.
// Ours: bytes in -> load (decode, SSE, adapt) -> kinds, timings, anomalies, truth and the strategies, i.e.
// analyzeInput() as the worker and the CLI run it, once with the default strategy only and once with all six.
// The floor: the same bytes through TextDecoder + eventsource-parser + JSON.parse of every data line (decoding
// included; what a developer would write to read the stream). Also timed: the official SDK's own assembly of the
// same bytes (OpenAI finalChatCompletion(), Anthropic finalMessage()), which is what a developer would otherwise
// use; on a shorter stream of the same shape, since the SDKs take minutes on the long ones. Rounds are interleaved and the best of each side taken, after a full collection each time;
// the first round of each is printed too (cold: before its code is optimized, what a one-shot run pays).
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { createParser } from 'eventsource-parser';
import { analyzeInput } from '../../src/core/session/session';
import { enableLargeInputPaths } from '../../src/core/large-inputs';
import { DEFAULT_STRATEGY } from '../../src/store/state';
import { collect, time, timeAsync } from './gc';
import type { BenchStream } from './streams';

export interface PipelineFigures {
  stream: string;
  frames: number;
  megabytes: number;
  floorMs: number;
  defaultMs: number;
  allMs: number;
  /** floor / ours: 1 means as fast as the peer, 0.5 half as fast. */
  defaultRatio: number;
  allRatio: number;
  /** The first round of each side alone (code not yet optimized; what a one-shot run such as the CLI's pays). */
  coldFloorMs: number;
  coldDefaultMs: number;
  coldAllMs: number;
  gcBetweenRounds: boolean;
}

/** TextDecoder + eventsource-parser + JSON.parse of every data line. */
export function floorRead(bytes: Uint8Array): number {
  let parsed = 0;
  const parser = createParser({
    onEvent(e) {
      if (e.data !== '[DONE]') {
        JSON.parse(e.data);
        parsed++;
      }
    },
  });
  parser.feed(new TextDecoder().decode(bytes));
  parser.reset({ consume: true });
  return parsed;
}

function ours(bytes: Uint8Array, all: boolean): number {
  enableLargeInputPaths(); // as the worker and the CLI run it
  // one TextDecoder call per piece, as the app's worker decodes (the CLI copies all-ASCII pieces as Latin-1: cli/node-text.ts)
  const r = analyzeInput(bytes, 'bench.sse', all ? {} : { strategies: [DEFAULT_STRATEGY] });
  if (!r.ok) throw new Error(r.error.message);
  return r.session.frames.count;
}

const sseFetch = (bytes: Uint8Array) => async () => new Response(new Uint8Array(bytes), { status: 200, headers: { 'content-type': 'text/event-stream' } });

async function sdk(s: BenchStream): Promise<number> {
  if (s.wire === 'anthropic-messages') {
    const client = new Anthropic({ apiKey: 'bench', maxRetries: 0, fetch: sseFetch(s.bytes) });
    const msg = await client.messages.stream({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] }).finalMessage();
    return msg.content.length;
  }
  const client = new OpenAI({ apiKey: 'bench', maxRetries: 0, fetch: sseFetch(s.bytes) });
  const done = await client.chat.completions.stream({ model: 'm', messages: [{ role: 'user', content: 'x' }] }).finalChatCompletion();
  return done.choices[0]?.message.tool_calls?.length ?? 0;
}

/** The SDK's assembly and ours (all strategies) on one stream, once each: the SDKs are slow on long streams. */
export async function benchSdk(s: BenchStream): Promise<{ stream: string; frames: number; sdkMs: number; oursAllMs: number }> {
  const sdkMs = await timeAsync(() => sdk(s));
  const oursAllMs = time(() => ours(s.bytes, true));
  return { stream: s.name, frames: s.frames, sdkMs, oursAllMs };
}

export function benchPipeline(s: BenchStream, rounds = 3): PipelineFigures {
  let floorMs = Infinity;
  let defaultMs = Infinity;
  let allMs = Infinity;
  const first: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const f = time(() => floorRead(s.bytes));
    const d = time(() => ours(s.bytes, false));
    const a = time(() => ours(s.bytes, true));
    if (i === 0) first.push(f, d, a);
    floorMs = Math.min(floorMs, f);
    defaultMs = Math.min(defaultMs, d);
    allMs = Math.min(allMs, a);
  }
  return {
    stream: s.name,
    frames: s.frames,
    megabytes: Math.round((s.bytes.length / 1e6) * 10) / 10,
    floorMs,
    defaultMs,
    allMs,
    defaultRatio: floorMs / defaultMs,
    allRatio: floorMs / allMs,
    coldFloorMs: first[0] ?? NaN,
    coldDefaultMs: first[1] ?? NaN,
    coldAllMs: first[2] ?? NaN,
    gcBetweenRounds: collect !== undefined,
  };
}
