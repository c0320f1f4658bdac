// The seeking baseline, computed in Node on the same 100,000-frame recording: what a seek costs when the state at
// frame f is recomputed by folding the strategy from the first frame (the naive design), against ours (binary
// search over logs stored once per session). Compute only, no rendering: it isolates the data-structure choice.
import { load } from '../../src/core/load';
import { analyze } from '../../src/core/session/session';
import { runStrategy } from '../../src/core/strategies/run';
import { STRATEGIES } from '../../src/core/strategies/registry';
import { attemptCountUpTo, bufferLengthAt, buffersAt, callsUpTo } from '../../src/core/session/view';
import { frameIndex, turnIndex, type BuiltinStrategyId } from '../../src/core/types';
import { p95, seededRandom } from './stats';

export interface SeekCompute {
  naiveP95Ms: number;
  oursP95Ms: number;
  seeks: number;
}

export function benchSeekCompute(jsonl: string, seeks = 200, strategy: BuiltinStrategyId = 'per-call-buffer'): SeekCompute {
  const loaded = load(jsonl, 'bench.jsonl');
  if (!loaded.ok) throw new Error(loaded.error.message);
  const session = analyze(loaded.recording, { strategies: [strategy] });
  const run = session.strategies[strategy];
  const n = session.frames.count;
  const rnd = seededRandom(7);
  const naive: number[] = [];
  const ours: number[] = [];
  let sink = 0;
  for (let i = 0; i < seeks; i++) {
    const f = Math.floor(rnd() * n);
    let t0 = performance.now();
    const prefix = { ...session.frames, count: f + 1 };
    const r = runStrategy(STRATEGIES[strategy], {
      wire: session.wire,
      frames: prefix,
      // the fold reads the signals of frames below `prefix.count` only
      signals: session.signals,
      carried: session.carried,
      turns: [turnIndex(0)],
    });
    sink += r.attempts.count;
    naive.push(performance.now() - t0);
    t0 = performance.now();
    const fi = frameIndex(f);
    for (const b of buffersAt(run, fi)) sink += bufferLengthAt(run, b, fi);
    sink += attemptCountUpTo(run, fi) + callsUpTo(run, fi).length;
    ours.push(performance.now() - t0);
  }
  if (sink < 0) console.log(sink);
  return { naiveP95Ms: p95(naive), oursP95Ms: p95(ours), seeks };
}
