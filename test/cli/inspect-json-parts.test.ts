// `inspect --json` is written a part at a time (inspectJsonParts: turns, calls and failures stringified a batch at a
// time). Joined, the parts must be exactly the report as one JSON.stringify of the whole object, with the
// characters a terminal acts on escaped: on every shipped recording, with --strategy, on reports of many batches
// (turns, calls, failures), and on arguments nested deeper than JSON.stringify's stack.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspectJson, inspectJsonParts, inspectJsonText, LARGE_ARGS } from '../../src/cli/inspect-json';
import { analyzeInput } from '../../src/core/session/session';
import type { Session } from '../../src/core/types';
import { STRATEGY_IDS } from '../../src/core/types';
import { stringifyDeep } from '../../src/core/wire/safe-json';
import { manyCallsSse, manyTurnsJsonl } from '../../bench/lib/hostile-gen';

const UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The report as it was made before it came in parts: the whole object stringified, then escaped. */
const wholeText = (s: Session, only?: (typeof STRATEGY_IDS)[number]): string =>
  stringifyDeep(inspectJson(s, only)).replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

function session(input: string | Uint8Array, name: string): Session {
  const r = analyzeInput(input, name);
  if (!r.ok) throw new Error(r.error.message);
  return r.session;
}

describe('inspect --json in parts', () => {
  it('every shipped recording, with and without --strategy: the parts joined are the whole report', () => {
    const dir = 'public/recordings';
    for (const f of readdirSync(dir).filter((n) => /\.(jsonl|sse)$/.test(n))) {
      const s = session(readFileSync(join(dir, f)), f);
      expect(inspectJsonText(s), f).toBe(wholeText(s));
      expect(inspectJsonText(s, 'per-call-buffer'), f).toBe(wholeText(s, 'per-call-buffer'));
    }
  });

  it('many turns and many calls (several batches each): the same text, in many parts', () => {
    const turns = session(manyTurnsJsonl(9_000, true), 'turns.jsonl');
    const parts = [...inspectJsonParts(turns)];
    expect(parts.length).toBeGreaterThan(3 + STRATEGY_IDS.length * 4);
    expect(parts.join('')).toBe(wholeText(turns));
    const calls = session(manyCallsSse(9_000), 'calls.sse');
    expect(inspectJson(calls).strategies.some((x) => x.calls.length > 8_192)).toBe(true);
    expect(inspectJsonText(calls)).toBe(wholeText(calls));
  });

  it('many failing turns: the failures in batches, the same text', () => {
    // every call's arguments cut short: the strategies fail each turn
    const broken = manyTurnsJsonl(9_000, true).replace(/\\"f(\d+)\.ts\\"}/g, '\\"f$1.ts\\"');
    const s = session(broken, 'broken.jsonl');
    expect(inspectJson(s).strategies.some((x) => x.failures.length > 8_192)).toBe(true);
    expect(inspectJsonText(s)).toBe(wholeText(s));
  });

  it('arguments nested deeper than JSON.stringify can go, and hostile characters: the same text', () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const chunk = (delta: unknown, finish: string | null = null) => `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const sse =
      chunk({ tool_calls: [{ index: 0, id: 'c\u202e1', type: 'function', function: { name: 'f\u2028', arguments: deep } }] }) + chunk({}, 'tool_calls') + 'data: [DONE]\n\n';
    const s = session(sse, 'deep.sse');
    const text = inspectJsonText(s);
    expect(text).toBe(wholeText(s));
    expect(text).toContain('\\u202e');
    expect(text.length).toBeGreaterThan(40_000 * STRATEGY_IDS.length * 0.5);
  });

  it('a call of megabytes of arguments (astral characters across the slice edges, hostile ones inside): the same text, its arguments in slices no longer than 1 MiB', () => {
    // odd lengths put surrogate pairs across every 1 MiB boundary of the arguments' JSON
    const value = { a: `${'\u{1F600}x'.repeat(700_001)}\u202e`, b: ['\u2028', 'y'.repeat(LARGE_ARGS)] };
    const args = JSON.stringify(value);
    const chunk = (delta: unknown, finish: string | null = null) => `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const small = chunk({ tool_calls: [{ index: 1, id: 'c2', type: 'function', function: { name: 'g', arguments: '{"n":1}' } }] });
    const sse = chunk({ tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { name: 'f', arguments: args } }] }) + small + chunk({}, 'tool_calls') + 'data: [DONE]\n\n';
    const s = session(sse, 'large.sse');
    const parts = [...inspectJsonParts(s)];
    expect(parts.join('')).toBe(wholeText(s));
    // (a slice is 1 MiB before its few hostile characters become six-character escapes)
    expect(Math.max(...parts.map((p) => p.length))).toBeLessThan((1 << 20) + 100);
    // the big call went out in slices in every strategy that made it, the small one beside it as before
    const report = inspectJson(s);
    const made = report.strategies.filter((x) => x.calls.some((c) => c.name === 'f')).length;
    expect(made).toBeGreaterThan(1);
    expect(parts.filter((p) => p.length >= (1 << 20) - 1).length).toBeGreaterThanOrEqual(made * 3);
    expect(report.strategies.flatMap((x) => x.calls).filter((c) => c.name === 'f').every((c) => JSON.stringify(c.arguments) === args)).toBe(true);
  });
});
