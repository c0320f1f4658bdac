// `npm run inspect` in-process (its main): the --json shape (keys exactly), the summary, exit 2 with one line on bad
// input.
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STRATEGY_IDS } from '../../src/core/types';
import { inspect as run, type CliRun } from './run-cli';
const keys = (o: object) => Object.keys(o).sort();
const tmp = mkdtempSync(join(tmpdir(), 'inspect-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('inspect --json', () => {
  it('prints exactly the documented shape for all six strategies', async () => {
    const r = await run('public/recordings/anthropic-docs.jsonl', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(keys(j)).toEqual(['frames', 'strategies', 'turns', 'wire']);
    expect(j.wire).toBe('anthropic-messages');
    expect(keys(j.turns[0])).toEqual(['anomalies', 'finishReason', 'firstFrameMs', 'firstReasoningMs', 'firstTextMs', 'firstToolCallMs', 'frames', 'lastFrameMs', 'longestGapMs', 'turn']);
    expect(j.strategies.map((s: { id: string }) => s.id)).toEqual(STRATEGY_IDS);
    for (const s of j.strategies) expect(keys(s)).toEqual(['applicable', 'calls', 'failures', 'id', 'ok']);
    const perCall = j.strategies.find((s: { id: string }) => s.id === 'per-call-buffer');
    expect(perCall.ok).toBe(true);
    expect(keys(perCall.calls[0])).toEqual(['arguments', 'id', 'key', 'name', 'readyFrame', 'readyMs', 'turn']);
    expect(typeof perCall.calls[0].arguments).toBe('object');
    const pef = j.strategies.find((s: { id: string }) => s.id === 'parse-each-fragment');
    expect(pef.failures[0]).toEqual({ turn: 0, frame: expect.any(Number), error: 'Unexpected end of JSON input' });
    const ci = j.strategies.find((s: { id: string }) => s.id === 'completed-item');
    expect([ci.applicable, ci.ok]).toEqual([false, false]);
  });

  it('names an unterminated final event (data: [DONE] at the end of the file, no blank line) in the anomalies', async () => {
    const file = join(tmp, 'eof.sse');
    writeFileSync(file, 'data: {"choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":"stop"}]}\n\ndata: [DONE]');
    const j = JSON.parse((await run(file, '--json')).out);
    expect(j.turns[0].anomalies).toEqual([
      { code: 'no-terminal-event', frame: 0, detail: null },
      { code: 'unterminated-final-event', frame: null, detail: 'data: [DONE]' },
    ]);
  });

  it('names a call cut mid-arguments (call-cut-off at its last fragment) in the anomalies', async () => {
    const j = JSON.parse((await run('public/recordings/gemini-cut-mid-arguments.jsonl', '--json')).out);
    expect(j.turns[0].anomalies).toContainEqual({ code: 'call-cut-off', frame: 5, detail: '0' });
    expect(j.strategies.every((s: { ok: boolean }) => !s.ok)).toBe(true);
  });

  it('--strategy lists only that strategy; times are rounded to 0.1 ms', async () => {
    const j = JSON.parse((await run('public/recordings/parallel-probe.jsonl', '--json', '--strategy', 'per-call-buffer')).out);
    expect(j.strategies).toHaveLength(1);
    expect(j.turns[0].firstFrameMs).toBe(323.8);
    for (const c of j.strategies[0].calls) expect(Math.round(c.readyMs * 10) / 10).toBe(c.readyMs);
  });

  it('--fault is applied before the analysis', async () => {
    const healthy = JSON.parse((await run('public/recordings/parallel-probe.jsonl', '--json')).out);
    const faulted = JSON.parse((await run('public/recordings/parallel-probe.jsonl', '--json', '--fault', 'cut:1')).out);
    expect(faulted.frames).toBeLessThan(healthy.frames);
  });

  it('says on stderr which faults it applied and which changed nothing, keeping stdout pure JSON', async () => {
    // parallel-probe's calls each arrive whole in one chunk, so interleave has nothing to deal out
    const r = await run('public/recordings/parallel-probe.jsonl', '--json', '--fault', 'interleave', '--fault', 'cut:3');
    expect(r.code).toBe(0);
    expect(() => JSON.parse(r.out)).not.toThrow();
    expect(r.err.trim().split('\n')).toEqual([
      'inspect: --fault interleave changed nothing (same bytes, chunks and times as before it)',
      'inspect: --fault cut:3 applied',
    ]);
  });

  it('reads raw SSE text', async () => {
    const f = join(tmp, 'a.sse');
    writeFileSync(f, 'data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","function":{"name":"f","arguments":"{\\"a\\":1}"}}]}}]}\n\ndata: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}\n\ndata: [DONE]\n\n');
    const j = JSON.parse((await run(f, '--json')).out);
    expect(j.wire).toBe('openai-chat');
    expect(j.strategies.find((s: { id: string }) => s.id === 'per-call-buffer').calls[0]).toMatchObject({ id: 'c1', name: 'f', arguments: { a: 1 }, readyFrame: 1 });
  });
});

describe('inspect summary', () => {
  it('names the wire, each turn and each strategy verdict', async () => {
    const r = await run('public/recordings/interleaved-chat.jsonl');
    expect(r.code).toBe(0);
    expect(r.out).toContain('openai-chat');
    expect(r.out).toMatch(/next-index-closes\s+FAIL/);
    expect(r.out).toMatch(/per-call-buffer\s+ok/);
  });
});

describe('inspect on bad input: exit 2, one line, no stack', () => {
  const oneLine = (r: CliRun) => {
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.trimEnd().split('\n')).toHaveLength(1);
    expect(r.err).not.toMatch(/\n\s+at /);
  };
  it('a missing file', async () => {
    const r = await run(join(tmp, 'missing.jsonl'));
    oneLine(r);
    expect(r.err).toContain('no such file');
  });
  it('a file over the 4 GB limit, refused by its size before reading (a sparse file: no disk space used)', async () => {
    const f = join(tmp, 'huge.sse');
    writeFileSync(f, '');
    truncateSync(f, 4 * 1024 ** 3 + 1);
    const r = await run(f);
    oneLine(r);
    expect(r.err).toBe(`inspect: ${f} is 4,294,967,297 bytes, over the 4 GB limit of inspect: cut it into smaller recordings first\n`);
  });
  it('garbage that is not a recording, naming the line and byte', async () => {
    const f = join(tmp, 'bad.jsonl');
    writeFileSync(f, '{not json\n');
    const r = await run(f);
    oneLine(r);
    expect(r.err).toMatch(/line 1/);
  });
  it('an unknown option or strategy', async () => {
    oneLine(await run('public/recordings/parallel-probe.jsonl', '--frobnicate'));
    const r = await run('public/recordings/parallel-probe.jsonl', '--strategy', 'nope');
    oneLine(r);
    expect(r.err).toContain('unknown strategy "nope"');
  });
  it('a fault that does not fit the recording', async () => {
    oneLine(await run('public/recordings/parallel-probe.jsonl', '--fault', 'cut:999'));
  });
});
