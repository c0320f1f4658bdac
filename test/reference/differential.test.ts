// The reference strategies (src/reference/ts: the code learners read) against the fast ones (src/core/strategies):
// the same buffers (text and fragments with their frames), the same parse attempts (frame, turn, buffer, range,
// ok; the message is JSON.parse's own for the same input, so equal inputs give equal messages) and the same ready
// calls, on every shipped recording, every recording with every lab fault applied, the wire fixtures and random
// streams of every wire. A change to a fast strategy that the reference does not share fails here.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../src/core/session/analyze';
import { STRATEGY_IDS, WIRES, type Session } from '../../src/core/types';
import { encodeTurn, type TurnSpec } from '../../src/core/wire';
import { refTurns, runReference, traceOf } from '../../src/reference/turns';

const RECORDINGS = readdirSync('public/recordings').filter((n) => n.endsWith('.jsonl'));
const FAULTS = ['rechunk:3', 'cut:5', 'drop:3', 'interleave', 'reuse-index', 'split-utf8', 'crlf', 'bursts:40', 'stall:2:500'];

function sameAsFast(session: Session, label: string): void {
  const turns = refTurns(session);
  for (const id of STRATEGY_IDS) {
    const run = session.strategies[id];
    const ref = runReference(id, turns);
    const fast = traceOf(run);
    expect(ref, `${label} · ${id}`).toEqual(fast);
  }
}

function analysed(text: string, name: string, faults: string[] = []): Session | null {
  const r = analyzeText(text, name, faults.length ? { faults } : undefined);
  return r.ok ? r.session : null;
}

describe('reference strategies log what the fast ones log', () => {
  it.each(RECORDINGS)('%s', (name) => {
    const s = analysed(readFileSync(`public/recordings/${name}`, 'utf8'), name);
    expect(s).not.toBeNull();
    if (s) sameAsFast(s, name);
  });

  it.each(FAULTS)('every shipped recording with the fault %s', (fault) => {
    for (const name of RECORDINGS) {
      const s = analysed(readFileSync(`public/recordings/${name}`, 'utf8'), name, [fault]);
      if (s) sameAsFast(s, `${name} + ${fault}`);
    }
  });

  it('the wire fixtures', () => {
    const dir = 'test/fixtures';
    const files = readdirSync(dir, { recursive: true }).map(String).filter((n) => /\.(sse|jsonl|txt)$/.test(n));
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) {
      const s = analysed(readFileSync(`${dir}/${name}`, 'utf8'), name);
      if (s) sameAsFast(s, name);
    }
  });

  const fragments = fc.array(fc.string(), { maxLength: 4 });
  const spec: fc.Arbitrary<TurnSpec> = fc.record({
    text: fc.array(fc.string(), { maxLength: 3 }),
    reasoning: fc.array(fc.string(), { maxLength: 2 }),
    calls: fc.array(fc.record({ id: fc.constantFrom('a', 'b', ''), name: fc.constantFrom('read', 'write', ''), fragments }), { maxLength: 3 }),
    interleave: fc.boolean(),
  });
  it.each(WIRES)('random streams on %s', (wire) => {
    fc.assert(
      fc.property(spec, fc.array(fc.nat(), { maxLength: 3 }), (turn, cuts) => {
        let text = encodeTurn(wire, turn);
        // cut the stream at a few places too (a cut mid-arguments is where strategies differ most)
        for (const c of cuts) text = text.slice(0, Math.max(0, text.length - (c % 40)));
        const s = analysed(text, `random.sse`);
        if (s) sameAsFast(s, wire);
      }),
      { numRuns: 150 },
    );
  });
});
