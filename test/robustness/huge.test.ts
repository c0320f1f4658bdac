// The big inputs (huge-cases.ts), each case in a child process killed at a hard limit, so a hang or a quadratic
// blow-up fails the test instead of stalling CI. Per input: analyzeText did not throw, finished under its bound,
// and named the problem (a refusal naming line 1, a LoadIssue naming line and byte, or a named anomaly), with every
// message short. The bounds are on the child's CPU time (a busy machine stretches the wall clock, not that); the
// hard limit on the child's wall clock is only a hang guard, generous so that load cannot reach it. Measured
// times, retained heap and peak RSS are printed for the report.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { STRATEGY_IDS } from '../../src/core/types';
import { ARGS_LENGTH, type Outcome } from './huge-cases';
import { ANOMALY_CODES, MAX_MESSAGE } from './support';

interface CaseRun {
  outcomes: Outcome[];
  maxRssMB: number;
  wallMs: number;
}

/** Runs a case of huge-cases.ts in `node --expose-gc --import tsx`, killed after limitMs. */
function runCase(name: string, limitMs: number): CaseRun {
  const start = performance.now();
  const child = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=3072', '--import', 'tsx', 'test/robustness/run-case.ts', name], {
    encoding: 'utf8',
    timeout: limitMs,
    killSignal: 'SIGKILL',
    maxBuffer: 16 * 1024 * 1024,
  });
  const wallMs = performance.now() - start;
  if (child.error || child.status !== 0) {
    const why = child.signal === 'SIGKILL' ? `killed after ${(wallMs / 1000).toFixed(1)} s (limit ${limitMs / 1000} s): it did not finish` : `exit ${child.status}`;
    expect.fail(`case ${name}: ${why}\n${child.stderr.slice(0, 2000)}`);
  }
  const run = JSON.parse(child.stdout) as Omit<CaseRun, 'wallMs'>;
  return { ...run, wallMs };
}

function report(name: string, run: CaseRun): void {
  const lines = run.outcomes.map((o) => `  ${o.ms.toFixed(0).padStart(6)} ms (cpu ${(o.cpuMs ?? NaN).toFixed(0)} ms)  ${o.retainedMB === undefined ? '' : `${o.retainedMB} MB retained  `}${o.label}`);
  console.log(`${name}: child ${(run.wallMs / 1000).toFixed(1)} s, peak RSS ${run.maxRssMB} MB\n${lines.join('\n')}`);
}

const find = (run: CaseRun, label: string): Outcome => {
  const o = run.outcomes.find((x) => x.label.startsWith(label));
  if (!o) expect.fail(`no outcome labelled ${label}`);
  return o;
};
const codes = (o: Outcome): string[] => [...(o.anomalies ?? []).map((a) => a.code), ...(o.issues ?? []).map((i) => i.code)];

/** A hang guard: a case that has not finished by then is killed and fails (a blow-up, not load). */
const HANG_MS = 180_000;

/** What every outcome must satisfy, whatever the input; boundMs is on the analysis's CPU time. */
function expectGraceful(o: Outcome, boundMs: number): void {
  expect(o.threw, `${o.label}: threw`).toBeUndefined();
  expect(o.cpuMs, `${o.label}: took ${o.cpuMs?.toFixed(0)} ms of CPU (${o.ms.toFixed(0)} ms wall)`).toBeLessThan(boundMs);
  if (o.ok === false) {
    const e = o.error as NonNullable<Outcome['error']>;
    expect(e.message.length, o.label).toBeLessThanOrEqual(MAX_MESSAGE);
    expect(e.message, o.label).not.toMatch(/[\r\n]/);
    if (e.line !== undefined) expect(e.message, o.label).toContain(`line ${e.line}`);
    return;
  }
  expect(o.ok, o.label).toBe(true);
  for (const id of STRATEGY_IDS) expect(['ok', 'fail', 'n/a'], `${o.label}: ${id}`).toContain(o.verdicts?.[id]);
  for (const a of o.anomalies ?? []) {
    expect(ANOMALY_CODES, o.label).toContain(a.code);
    expect(a.detailLength ?? 0, `${o.label}: ${a.code} detail`).toBeLessThanOrEqual(MAX_MESSAGE);
  }
  for (const i of o.issues ?? []) expect(i.message.length, `${o.label}: ${i.code}`).toBeLessThanOrEqual(MAX_MESSAGE);
  // a stage that threw inside analyze is caught, but then part of the analysis is lost: not graceful enough
  const internal = (o.issues ?? []).filter((i) => i.code.startsWith('internal:'));
  expect(internal, `${o.label}: a stage of analyze threw`).toEqual([]);
}

// spawnSync blocks the test until the child ends or is killed at HANG_MS: the test's timeout is that, plus margin
describe('robustness: huge inputs (child process, hard time limit)', { timeout: HANG_MS + 30_000 }, () => {
  it('lines of 10 MB: read in linear time, named at their line and byte', () => {
    const run = runCase('long-lines', HANG_MS);
    report('long-lines', run);
    for (const o of run.outcomes) expectGraceful(o, 10_000);
    expect(codes(find(run, 'sse: one 10 MB data line, not JSON'))).toContain('invalid-json');
    expect(codes(find(run, 'sse: one 10 MB data line, never terminated'))).toContain('unterminated-final-event');
    const noBreak = find(run, 'sse: 10 MB of bytes with no line break');
    expect(codes(noBreak)).toEqual(expect.arrayContaining(['unterminated-final-event', 'sse-unusual-start']));
    const bigArgs = find(run, 'sse: a Chat call whose 10 MB arguments');
    expect(bigArgs.perCall).toEqual({ count: 1, firstArgsLength: 10 * 1024 * 1024 + '{"s":""}'.length, firstArgsParsed: true });
    const badLine = find(run, 'jsonl: a 10 MB line that is not JSON').issues?.find((i) => i.code === 'bad-json');
    const byte = '{"streamscope":1}\n[0,"req",{}]\n'.length;
    expect(badLine).toMatchObject({ line: 3, byteOffset: byte });
    expect(badLine?.message).toMatch(new RegExp(`^line 3 \\(byte ${byte}\\): `));
    expect(codes(find(run, 'jsonl: a 10 MB chunk line'))).toContain('invalid-json');
    expect(find(run, 'jsonl: a 10 MB header line').error).toMatchObject({ line: 1, byteOffset: 0, message: expect.stringContaining('header is not JSON') });
    expect(find(run, 'unknown: a 10 MB first line').error).toMatchObject({ line: 1, byteOffset: 0 });
  });

  it('JSON nested 10,000 deep (and 1,000,000 unclosed): caught and reported, the rest of the stream still read', () => {
    const run = runCase('deep-json', HANG_MS);
    report('deep-json', run);
    const failures: string[] = [];
    for (const o of run.outcomes) {
      try {
        expectGraceful(o, 5_000);
      } catch (e) {
        failures.push((e as Error).message.split('\n')[0] as string);
      }
    }
    expect(find(run, 'sse: Chat arguments are 10,000 nested objects').perCall).toMatchObject({ count: 1, firstArgsParsed: true });
    expect(codes(find(run, 'sse: Chat arguments are 10,000 nested arrays, cut'))).toContain('invalid-arguments');
    expect(codes(find(run, 'sse: Chat arguments are 10,000 nested objects'))).toContain('too-deep');
    expect(find(run, 'jsonl: header nested').error).toMatchObject({ line: 1, byteOffset: 0 });
    expect(find(run, 'jsonl: 1,000,000 unclosed brackets').error).toMatchObject({ line: 1, message: expect.stringContaining('header is not JSON') });
    expect(codes(find(run, 'sse: 1,000,000 unclosed brackets'))).toContain('invalid-json');
    expect(find(run, 'har: 1,000,000 nested').error?.message).toContain('HAR');
    // deep values the wire adapters re-serialize: each call (or error) is still reported, nothing else lost
    if (find(run, 'sse: Gemini functionCall.args').perCall?.count !== 1) failures.push('Gemini deep args: the call is lost');
    if (find(run, 'sse: Anthropic tool_use input').perCall?.count !== 1) failures.push('Anthropic deep tool_use input: the call is lost');
    if (!codes(find(run, 'sse: Anthropic error event')).includes('error-event')) failures.push('deep error event: no error-event anomaly');
    expect(failures).toEqual([]);
  });

  it('arguments of 1,000,000 characters in every wire: per-call-buffer parses them; no copy per frame', () => {
    const run = runCase('million-args', HANG_MS);
    report('million-args', run);
    expect(run.outcomes).toHaveLength(4);
    for (const o of run.outcomes) {
      expectGraceful(o, 10_000);
      expect(o.perCall, o.label).toEqual({ count: 1, firstArgsLength: ARGS_LENGTH, firstArgsParsed: true });
      expect(o.verdicts?.['per-call-buffer'], o.label).toBe('ok');
      // one text per strategy that buffers (at most six), not one per frame (1,000 frames would be ~500 M chars)
      expect(o.bufferChars ?? Infinity, o.label).toBeLessThanOrEqual(STRATEGY_IDS.length * ARGS_LENGTH);
      // the Session keeps about the input's size; a copy of the buffer per frame would keep hundreds of MB
      expect(o.retainedMB ?? Infinity, `${o.label}: retained heap`).toBeLessThan(100);
    }
  });

  it('100,000 calls in one Chat turn: analyze completes in bounded time and per-call-buffer produces them all', () => {
    const BOUND = 20_000;
    const run = runCase('calls-100k', HANG_MS);
    report('calls-100k', run);
    const o = run.outcomes[0] as Outcome;
    expectGraceful(o, BOUND);
    expect(o.frames).toBe(2 * 100_000 + 3);
    expect(o.perCall?.count).toBe(100_000);
    expect(o.verdicts?.['per-call-buffer']).toBe('ok');
  });
});
