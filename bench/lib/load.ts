// The loading budget (docs/performance.md): decode + adapt + the selected strategy on a generated 500,000-frame
// recording, as a speed ratio to the floor measured in the same run (split the SSE text on blank lines and
// JSON.parse each data line). Runs are interleaved and the best of N taken for each side, so both see the same
// machine state. Also times the whole analyze() (truth, timings, all strategies) for information.
// Fairness: a full collection runs before every timed side (floor and ours alike), so neither pays for the garbage
// the previous round left (the app loads once, into a heap without that garbage). The collector is the one
// --expose-gc gives; without the flag it is obtained at run time (v8.setFlagsFromString + a fresh vm context), so
// `npm run bench` and `npx tsx -e ...` measure the same way. `gcBetweenRounds` says whether it was available.
// Nothing the app does on load is skipped: ours still decodes, adapts, traces and runs the strategy every round.
import { collect, time } from './gc';
import { load } from '../../src/core/load';
import { enableLargeInputPaths } from '../../src/core/large-inputs';
import { decodeRecording } from '../../src/core/sse';
import { adaptFrames } from '../../src/core/wire';
import { runStrategy } from '../../src/core/strategies/run';
import { traceCalls } from '../../src/core/strategies/truth';
import { STRATEGIES } from '../../src/core/strategies/registry';
import { analyze } from '../../src/core/session/session';
import { DEFAULT_STRATEGY } from '../../src/store/state';
import { turnIndex, type Recording } from '../../src/core/types';
import { generateChat } from './generate';

export interface LoadFigures {
  frames: number;
  floorMs: number;
  oursMs: number;
  ratioToFloor: number;
  /** The same pipeline with envelope templates off (every frame's whole data parsed): the effect of envelope.ts. */
  oursWholeParseMs: number;
  analyzeAllMs: number;
  strategy: string;
  /** Whether a full GC ran before each timed side (node --expose-gc). */
  gcBetweenRounds: boolean;
}

function floor(sse: string): number {
  let parsed = 0;
  for (const block of sse.split('\n\n')) {
    for (const line of block.split('\n')) {
      if (line.startsWith('data:')) {
        const data = line.slice(line.charCodeAt(5) === 32 ? 6 : 5);
        if (data !== '[DONE]') {
          JSON.parse(data);
          parsed++;
        }
      }
    }
  }
  return parsed;
}

function ours(rec: Recording, envelopes = true): number {
  enableLargeInputPaths(); // as the worker and the CLI run it
  const { frames } = decodeRecording(rec);
  const signals = adaptFrames('openai-chat', frames, { envelopes });
  const trace = traceCalls('openai-chat', frames);
  const run = runStrategy(STRATEGIES[DEFAULT_STRATEGY], { wire: 'openai-chat', frames, signals, carried: trace.carried, turns: [turnIndex(0)] });
  return frames.count + run.attempts.count;
}

export function benchLoad(events = 500_000, rounds = 7): LoadFigures {
  const g = generateChat(events);
  const loaded = load(g.jsonl, 'bench.jsonl');
  if (!loaded.ok) throw new Error(loaded.error.message);
  const rec = loaded.recording;
  let floorMs = Infinity;
  let oursMs = Infinity;
  for (let i = 0; i < rounds; i++) {
    floorMs = Math.min(floorMs, time(() => floor(g.sse)));
    oursMs = Math.min(oursMs, time(() => ours(rec)));
  }
  let oursWholeParseMs = Infinity;
  for (let i = 0; i < Math.min(rounds, 3); i++) oursWholeParseMs = Math.min(oursWholeParseMs, time(() => ours(rec, false)));
  const analyzeAllMs = time(() => analyze(rec));
  return { frames: g.events, floorMs, oursMs, ratioToFloor: floorMs / oursMs, oursWholeParseMs, analyzeAllMs, strategy: DEFAULT_STRATEGY, gcBetweenRounds: collect !== undefined };
}
