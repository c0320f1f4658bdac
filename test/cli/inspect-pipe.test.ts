/**
 * `inspect` on FIFOs, pipes and standard input (src/cli/inspect-input.ts): an endless writer is stopped at the 200 MB
 * limit (or --max-bytes) with a message naming the limit and the bytes read, its peak memory bounded (it grew past
 * 5 GB in 40 s before); a FIFO with no writer says it is waiting after a second, then reads what comes; `-` reads
 * standard input. The bounded runs are processes of their own (test/cli/inspect-child.ts reports their peak RSS).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseInspectArgs } from '../../src/cli/inspect-args';
import { inspect } from './run-cli';

const dir = mkdtempSync(join(tmpdir(), 'streamscope-pipe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const root = join(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SSE = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'hi' }, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`;

const fifo = (name: string): string => {
  const path = join(dir, name);
  execFileSync('mkfifo', [path]);
  return path;
};

interface ChildRun {
  code: number | null;
  stderr: string;
  stdout: string;
  report: { code: number; maxRssMb: number; ms: number };
}

/** inspect in a process of its own; `stdin` is written to its standard input (then closed) when given. */
function inspectChild(args: string[], stdin?: string): Promise<ChildRun> {
  const p = spawn(process.execPath, ['--import', 'tsx', 'test/cli/inspect-child.ts', ...args], { cwd: root, stdio: ['pipe', 'pipe', 'pipe', 'pipe'] });
  let stderr = '';
  let stdout = '';
  let report = '';
  p.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  p.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  (p.stdio[3] as NodeJS.ReadableStream).on('data', (d: Buffer) => (report += d.toString()));
  if (stdin !== undefined) p.stdin?.end(stdin);
  return new Promise((resolve) => p.on('close', (code) => resolve({ code, stderr, stdout, report: JSON.parse(report || '{}') as ChildRun['report'] })));
}

describe('inspect on a FIFO', () => {
  it('an endless writer is stopped at the 200 MB limit, naming it and the bytes read, with bounded memory', async () => {
    const path = fifo('endless.sse');
    // `yes` writes for as long as someone reads; the shell, not this process, waits in the FIFO's open
    const writer = spawn('sh', ['-c', `exec yes 'data: {"choices":[{"index":0,"delta":{"content":"y"}}]}' > '${path}'`], { stdio: 'ignore' });
    try {
      const r = await inspectChild([path, '--json']);
      console.log(`endless FIFO: exit ${r.code} after ${r.report.ms} ms, peak RSS ${r.report.maxRssMb} MB`);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`inspect: ${path}: reading stopped at the limit for input that is not a regular file of 200 MB: 209,715,201 bytes read and more arriving; give --max-bytes N to read more\n`);
      // the limit's bytes and the loader's copy of them, plus Node: far from the 5 GB of before
      expect(r.report.maxRssMb).toBeLessThan(600);
    } finally {
      writer.kill();
    }
  });

  it('--max-bytes sets the limit', async () => {
    const path = fifo('endless-small.sse');
    const writer = spawn('sh', ['-c', `exec yes 'data: {}' > '${path}'`], { stdio: 'ignore' });
    try {
      const r = await inspectChild([path, '--max-bytes', '5000000']);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`inspect: ${path}: reading stopped at the --max-bytes limit of 5,000,000 bytes: 5,000,001 bytes read and more arriving\n`);
    } finally {
      writer.kill();
    }
  });

  it('with no writer, it says it is waiting after a second, then reads what is written', async () => {
    const path = fifo('later.sse');
    const started = performance.now();
    let saidAt = 0;
    let err = '';
    const { main } = await import('../../src/cli/inspect');
    let out = '';
    const running = main([path, '--json'], { stdout: (t) => (out += t), stderr: (t) => ((err += t), (saidAt ||= performance.now())) });
    while (!err.includes('waiting')) await sleep(20);
    expect(err).toBe(`inspect: waiting for input on ${path}…\n`);
    expect(saidAt - started).toBeGreaterThanOrEqual(950);
    writeFileSync(path, SSE); // opens the FIFO's other end, writes, closes: inspect reads to the end
    expect(await running).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ wire: 'openai-chat', frames: 2 });
  });
});

describe('inspect - (standard input)', () => {
  it('reads a recording piped in', async () => {
    const r = await inspectChild(['-', '--json'], SSE);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toMatchObject({ wire: 'openai-chat', frames: 2 });
  });

  it('stops at --max-bytes', async () => {
    const r = await inspectChild(['-', '--max-bytes', '100'], SSE.repeat(10));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('inspect: -: reading stopped at the --max-bytes limit of 100 bytes: 101 bytes read and more arriving\n');
  });
});

describe('--max-bytes', () => {
  it.each([['0'], ['-5'], ['1.5'], ['lots'], [String(4 * 1024 ** 3 + 1)]])('refuses %s', (n) => {
    const r = parseInspectArgs(['f.sse', '--max-bytes', n]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^--max-bytes needs a whole number of bytes from 1 to 4294967296 \(4 GB\)/);
  });
  it('a regular file larger than it is refused by its size', async () => {
    const f = join(dir, 'regular.sse');
    writeFileSync(f, SSE);
    const r = await inspect(f, '--max-bytes', '10');
    expect(r.code).toBe(2);
    expect(r.err).toBe(`inspect: ${f} is ${Buffer.byteLength(SSE)} bytes, over the --max-bytes limit of 10 bytes\n`);
  });
});
