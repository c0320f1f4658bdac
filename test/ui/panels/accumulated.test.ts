// The buffers panel's running text of a turn (src/ui/panels/buffers/accumulated.ts) against the plain reading: for
// every frame of shipped recordings with text and reasoning, and windows of several sizes, the shown window is the
// end of the turn's text or reasoning signals joined up to that frame, with the right length and hidden count.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../../src/core/session/analyze';
import { turnIndex, type Session } from '../../../src/core/types';
import { signalsAt } from '../../../src/core/wire/signal-table';
import { accumulatedAt, accumulatedOf, type StreamKind } from '../../../src/ui/panels/buffers/accumulated';

function load(name: string): Session {
  const r = analyzeText(readFileSync(join(process.cwd(), 'public/recordings', `${name}.jsonl`), 'utf8'), name);
  if (!r.ok) throw new Error(r.error.message);
  return r.session;
}

/** The turn's text (or reasoning) up to frame f, joined signal by signal. */
function plain(session: Session, turn: number, kind: StreamKind, f: number): string {
  const range = session.timings.find((t) => t.turn === turn)?.frames;
  let out = '';
  if (!range) return out;
  for (let i = range[0]; i <= Math.min(range[1], f); i++) for (const s of signalsAt(session.signals, i)) if (s.kind === kind) out += s.text;
  return out;
}

describe('accumulated text of a turn', () => {
  for (const name of ['thinking-turn', 'agent-run', 'content-before-call']) {
    it(`${name}: every frame, windows of 1, 7, 100 and 4000 characters`, () => {
      const session = load(name);
      let checked = 0;
      for (const timing of session.timings) {
        for (const kind of ['text', 'reasoning'] as const) {
          const acc = accumulatedOf(session, timing.turn, kind);
          const [first, last] = timing.frames ?? [0, -1];
          for (let f = first - 1; f <= last + 1; f++) {
            const whole = plain(session, timing.turn, kind, f);
            for (const max of [1, 7, 100, 4000]) {
              const view = accumulatedAt(acc, f, max);
              expect(view.length).toBe(whole.length);
              expect(view.hidden).toBe(Math.max(0, whole.length - max));
              expect(view.shown).toBe(whole.slice(Math.max(0, whole.length - max)));
              if (whole.length > 0) checked++;
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(0);
    });
  }

  it('read in any order (seeks back and forth, the two kinds interleaved), it gives what the plain reading does', () => {
    for (const name of ['thinking-turn', 'agent-run', 'content-before-call']) {
      const session = load(name);
      let seed = 7;
      const rnd = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
      for (let i = 0; i < 300; i++) {
        const timing = session.timings[Math.floor(rnd() * session.timings.length)];
        if (!timing?.frames) continue;
        const [first, last] = timing.frames;
        const f = first - 1 + Math.floor(rnd() * (last - first + 3));
        const kind = rnd() < 0.5 ? 'text' : 'reasoning';
        const whole = plain(session, timing.turn, kind, f);
        const view = accumulatedAt(accumulatedOf(session, timing.turn, kind), f, 50);
        expect([view.length, view.hidden, view.shown]).toEqual([whole.length, Math.max(0, whole.length - 50), whole.slice(Math.max(0, whole.length - 50))]);
      }
    }
  });

  it('a turn that does not exist has no text', () => {
    const session = load('thinking-turn');
    expect(accumulatedAt(accumulatedOf(session, turnIndex(99), 'text'), 5)).toEqual({ shown: '', length: 0, hidden: 0 });
  });
});
