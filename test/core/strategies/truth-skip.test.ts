// The Chat ground truth's in-place skip test (ground-truth/chat.ts skippableIn) against the same test on the sliced
// chunk (skippable), on random chunks made of the words it looks for, the characters around them and others, read
// in place inside a text holding several of them (its memo carried from chunk to chunk, as readCarried reads them).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chatTurn, skippable, skippableIn } from '../../../src/core/strategies/ground-truth/chat';

const part = fc.constantFrom('tool_calls', 'tool_call', 'ool_calls', 'finish_reason', 'finish_reaso', 'inish_reason', '"', ':', ' ', '\n', '\t', '\r', 'null', 'nul', '_', 'a', '{', '}', ',', '"finish_reason": null', '"finish_reason":"stop"', '"finish_reason" :\n null');
const chunk = fc.array(part, { maxLength: 12 }).map((ps) => `{${ps.join('')}`);

describe('chat skippableIn', () => {
  it('says what skippable says of the sliced chunk, chunk after chunk in one text', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(chunk, fc.array(part, { maxLength: 3 })), { minLength: 1, maxLength: 8 }), fc.array(part, { maxLength: 4 }), (chunks, tail) => {
        let text = '';
        const spans: [number, number][] = [];
        for (const [c, between] of chunks) {
          spans.push([text.length, text.length + c.length]);
          text += c + between.join('');
        }
        text += tail.join('');
        const turn = chatTurn();
        for (const [from, to] of spans) expect(skippableIn(turn, 0, text, from, to)).toBe(skippable(text.slice(from, to)));
        // and each alone, with a fresh memo
        for (const [from, to] of spans) expect(skippableIn(chatTurn(), 0, text, from, to)).toBe(skippable(text.slice(from, to)));
      }),
      { numRuns: 2000 },
    );
  });
});
