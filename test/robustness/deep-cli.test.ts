// inspect --json on tool arguments nested 100,000 levels (`[[[[...]]]]`), Anthropic and Chat, built here (synthetic,
// not a committed file): exit 0 with the whole report as JSON (the arguments included, as deep as they came), a
// too-deep anomaly naming the depth, never "internal error". The CLI runs in-process (its main).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inspect } from '../cli/run-cli';
import { anthropicStream, chatStream, depthOf, nestedArrays } from './deep-streams';

const D = 100_000;
const dir = mkdtempSync(join(tmpdir(), 'deep-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const chat = chatStream(nestedArrays(D));
const anthropic = anthropicStream(nestedArrays(D));

interface Report {
  wire: string;
  turns: { anomalies: { code: string; detail: string | null }[] }[];
  strategies: { id: string; ok: boolean; calls: { name: string; arguments: unknown }[] }[];
}

describe('inspect --json on arguments nested 100,000 levels', () => {
  it.each([
    ['openai-chat', 'chat', chat],
    ['anthropic-messages', 'anthropic', anthropic],
  ])('%s: exit 0, the whole report as JSON, a too-deep anomaly', async (wire, name, text) => {
    const file = join(dir, `${name}-deep.sse`);
    writeFileSync(file, text);
    const r = await inspect(file, '--json');
    expect(r.err, 'stderr').toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as Report;
    expect(report.wire).toBe(wire);
    expect(report.turns[0]?.anomalies).toContainEqual({ code: 'too-deep', frame: expect.any(Number), detail: String(D) });
    const perCall = report.strategies.find((s) => s.id === 'per-call-buffer');
    expect(perCall?.ok).toBe(true);
    expect(perCall?.calls).toHaveLength(1);
    expect(perCall?.calls[0]?.name).toBe('f');
    expect(depthOf(perCall?.calls[0]?.arguments)).toBe(D);
    const preview = report.strategies.find((s) => s.id === 'partial-json-preview');
    expect(preview?.ok).toBe(true);
  });
});
