// The bridge's fast path for `seek` (src/embed/protocol.ts quickSeek) never takes what checkCommand refuses, and
// takes every well-formed seek (so a flood of them skips the full check): on any value, hostile shapes included.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkCommand, MAX_FRAME, quickSeek } from '../../src/embed/protocol';

const frame = fc.oneof(fc.integer({ min: -5, max: 10 }), fc.constantFrom(MAX_FRAME, MAX_FRAME + 1, 1.5, NaN, Infinity, -0), fc.anything());
const seekLike = fc.oneof(
  fc.record({ type: fc.constant('streamscope:seek'), frame }),
  fc.record({ type: fc.constantFrom('streamscope:seek', 'streamscope:play', 'other'), frame, extra: fc.anything() }, { requiredKeys: ['type'] }),
  fc.tuple(fc.integer({ min: 0, max: 9 }), fc.constantFrom('__proto__', 'constructor', 'prototype')).map(([f, k]) => JSON.parse(`{"type":"streamscope:seek","frame":${f},"${k}":1}`) as unknown),
  fc.integer({ min: 0, max: 9 }).map((f) => Object.defineProperty({ type: 'streamscope:seek', frame: f }, 'constructor', { value: 1, enumerable: false })),
  fc.integer({ min: 0, max: 9 }).map((f) => ({ type: 'streamscope:seek', frame: f, [Symbol('s')]: 1 })),
  fc.integer({ min: 0, max: 9 }).map((f) => Object.assign(Object.create(null) as object, { type: 'streamscope:seek', frame: f })),
  fc.integer({ min: 0, max: 9 }).map((f) => Object.assign(Object.create({ inherited: 1 }) as object, { type: 'streamscope:seek', frame: f })),
  fc.integer({ min: 0, max: 9 }).map((f) => [{ type: 'streamscope:seek', frame: f }]),
  fc.anything(),
);

describe('quickSeek', () => {
  test('takes a seek only when checkCommand takes it, with the same frame; takes every well-formed seek', () => {
    fc.assert(
      fc.property(seekLike, (data) => {
        const quick = quickSeek(data);
        const checked = checkCommand(data);
        if (quick !== undefined) expect(checked).toEqual({ ok: true, command: { type: 'streamscope:seek', frame: quick } });
        const plain = typeof data === 'object' && data !== null && Object.getPrototypeOf(data) === Object.prototype;
        if (checked?.ok && checked.command.type === 'streamscope:seek' && plain) expect(quick).toBe(checked.command.frame);
      }),
      { numRuns: 5000 },
    );
  });
});
