/**
 * Where two strategies part ways: the first frame at which their observable outcome differs.
 *
 * Contract: pure, O(attempts + calls) per pair. A strategy's outcome at frame f is what a learner sees change:
 * the parse failures logged at f (by key) and the calls that became ready at f (key, name and arguments). Two
 * strategies diverge at the first frame where these differ. Returns null when they never differ, or when either
 * does not apply (there is nothing to compare).
 */
import { bufferKey } from '../../core/strategies/buffers';
import type { FrameIndex, StrategyRun } from '../../core/types';

/** Per frame, a canonical description of what happened there. */
function outcomes(run: StrategyRun): Map<number, string> {
  const out = new Map<number, string[]>();
  const add = (frame: number, what: string) => {
    const list = out.get(frame);
    if (list) list.push(what);
    else out.set(frame, [what]);
  };
  const t = run.attempts;
  for (let i = 0; i < t.count; i++) {
    if (t.ok[i] === 1) continue;
    const key = bufferKey(run.buffers, t.buffer[i] as number) ?? '';
    add(t.frame[i] as number, `fail:${t.turn[i] as number}:${key}`);
  }
  for (const c of run.calls) add(c.readyFrame, `ready:${c.turn}:${c.key}:${c.name}:${c.argsText}`);
  return new Map([...out].map(([f, list]) => [f, list.sort().join('\n')]));
}

export function firstDivergence(a: StrategyRun, b: StrategyRun): FrameIndex | null {
  if (!a.applicable || !b.applicable) return null;
  const oa = outcomes(a);
  const ob = outcomes(b);
  const frames = [...new Set([...oa.keys(), ...ob.keys()])].sort((x, y) => x - y);
  for (const f of frames) if (oa.get(f) !== ob.get(f)) return f as FrameIndex;
  return null;
}

/** The earliest divergence among all pairs of applicable strategies, or null. */
export function firstDivergenceAmong(runs: readonly StrategyRun[]): FrameIndex | null {
  let best: number | null = null;
  for (let i = 0; i < runs.length; i++) {
    for (let j = i + 1; j < runs.length; j++) {
      const f = firstDivergence(runs[i] as StrategyRun, runs[j] as StrategyRun);
      if (f !== null && (best === null || f < best)) best = f;
    }
  }
  return best as FrameIndex | null;
}
