// run-log: fragments appended from signals (read in place, a pending range while they follow each other in a piece)
// give the same buffers and attempts as the same texts appended one by one (each its own piece).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRunLog } from '../../../src/core/strategies/run-log';
import { frameIndex, turnIndex, type SignalTable } from '../../../src/core/types';
import { NONE } from '../../../src/core/wire/signal-table';
import { appendText } from './log-text';

/** A table holding only what the log reads of a signal: its text's piece and range (NONE: no text). */
function table(pieces: string[], ranges: [number, number, number][]): SignalTable {
  return {
    pieces,
    piece: Uint32Array.from(ranges.map(([p]) => (p < 0 ? NONE : p))),
    textStart: Uint32Array.from(ranges.map(([p, a]) => (p < 0 ? 0 : a))),
    textEnd: Uint32Array.from(ranges.map(([p, , b]) => (p < 0 ? 0 : b))),
  } as unknown as SignalTable;
}

const text = (t: SignalTable, i: number): string => {
  const p = t.piece[i] as number;
  return p === NONE ? '' : (t.pieces[p] as string).slice(t.textStart[i], t.textEnd[i]);
};

const JSONISH = fc.constantFrom('{', '}', '[', ']', '"', '\\', ':', ',', ' ', 'a', '1', 'true', 'nul', '{"a":1}', '-', 'e');

/** Pieces cut into consecutive ranges (each a signal's text, in order), some signals without text. */
const signals = fc
  .tuple(fc.array(fc.array(JSONISH, { maxLength: 30 }).map((a) => a.join('')), { minLength: 1, maxLength: 3 }), fc.array(fc.nat(6), { maxLength: 40 }), fc.array(fc.boolean(), { maxLength: 40 }))
  .map(([pieces, cuts, none]) => {
    const ranges: [number, number, number][] = [];
    let p = 0;
    let at = 0;
    cuts.forEach((n, k) => {
      if (none[k]) return void ranges.push([-1, 0, 0]);
      while (p < pieces.length && at >= (pieces[p] as string).length && p < pieces.length - 1) {
        p++;
        at = 0;
      }
      const end = Math.min(at + n, (pieces[p] as string).length);
      ranges.push([p, at, end]);
      at = end;
    });
    return table(pieces, ranges);
  });

type Op = { op: 'signal' | 'skip' | 'string' | 'read' | 'attempt'; buffer: number; text: string };
const ops = fc.array(fc.record({ op: fc.constantFrom('signal', 'signal', 'signal', 'skip', 'string', 'read', 'attempt'), buffer: fc.nat(2), text: fc.array(JSONISH, { maxLength: 3 }).map((a) => a.join('')) }), { maxLength: 60 }) as fc.Arbitrary<Op[]>;

describe('run-log appendSignal', () => {
  it('builds the buffers and attempts that appending the texts as strings builds', () => {
    fc.assert(
      fc.property(signals, ops, (t, list) => {
        const ranged = createRunLog();
        const plain = createRunLog();
        for (const log of [ranged, plain]) for (let b = 0; b < 3; b++) log.openBuffer(turnIndex(0), String(b), frameIndex(0));
        let next = 0;
        let last = -1;
        list.forEach(({ op, buffer, text: s }, k) => {
          const f = frameIndex(k);
          if (op === 'signal' && next < t.piece.length) {
            last = next++;
            expect(ranged.appendSignal(buffer, f, t, last)).toBe(appendText(plain, buffer, f, text(t, last)));
          } else if (op === 'skip') next++; // a signal the strategy does not append: its text sits between two fragments
          else if (op === 'string') expect(appendText(ranged, buffer, f, s)).toBe(appendText(plain, buffer, f, s));
          else if (op === 'read') expect(ranged.textOf(buffer)).toBe(plain.textOf(buffer));
          else if (op === 'attempt') {
            const input = ranged.textOf(buffer);
            expect(ranged.attempt(f, turnIndex(0), buffer, 0, input)).toEqual(plain.attempt(f, turnIndex(0), buffer, 0, plain.textOf(buffer)));
          }
        });
        expect(ranged.finish()).toEqual(plain.finish());
      }),
      { numRuns: 1500 },
    );
  });

});
