// A strategy's `reads` (the signal kinds it acts on; the runner skips the others unbuilt) must leave out only
// kinds that change nothing: on every shipped recording and every wire fixture, under faults that cut and rechunk,
// each strategy's run is the same whether the runner skips by `reads` or gives it every signal.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../../src/core/session/analyze';
import { STRATEGIES } from '../../../src/core/strategies/registry';
import { runStrategy } from '../../../src/core/strategies/run';
import { STRATEGY_IDS, turnIndex, type Session } from '../../../src/core/types';

const recordings = readdirSync('public/recordings').filter((f) => f.endsWith('.jsonl')).map((f) => join('public/recordings', f));
const fixtures = readdirSync('test/fixtures/wire').flatMap((w) => readdirSync(join('test/fixtures/wire', w)).map((f) => join('test/fixtures/wire', w, f)));

function sessions(path: string): Session[] {
  const text = readFileSync(path, 'utf8');
  const out: Session[] = [];
  for (const faults of [[], ['cut:9'], ['rechunk:3', 'crlf']]) {
    const r = analyzeText(text, path.split('/').pop(), { faults });
    if (r.ok) out.push(r.session);
  }
  return out;
}

describe('Strategy.reads', () => {
  it('every shipped strategy declares the kinds it reads', () => {
    for (const id of STRATEGY_IDS) expect(STRATEGIES[id].reads?.length, id).toBeGreaterThan(0);
  });

  it.each([...recordings, ...fixtures])('%s: skipping by reads changes no run', (path) => {
    for (const session of sessions(path)) {
      const input = { wire: session.wire, frames: session.frames, signals: session.signals, carried: session.carried, turns: session.recording.turns.map((_, i) => turnIndex(i)) };
      for (const id of STRATEGY_IDS) {
        const strategy = STRATEGIES[id];
        const { reads: _reads, ...everything } = strategy;
        expect(runStrategy(strategy, input), `${id}`).toEqual(runStrategy(everything, input));
      }
    }
  });
});
