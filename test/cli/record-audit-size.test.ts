/**
 * The recorder's last credential check at any size (src/cli/record-audit.ts): a 608 MB capture (past V8's longest
 * string, which the check read the file as before) is read through in pieces, in a process of its own, and a value
 * split across its last two events is found, with bounded memory and no descriptor left open. Read in tiny pieces,
 * the check finds what findSecret finds in the whole text. When the check cannot run, the file is not kept, the
 * message says why, and neither the timer nor the signal's listener outlives the recording (the process used to
 * wait out the whole --timeout).
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, readlinkSync, rmSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getEventListeners } from 'node:events';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { auditFile } from '../../src/cli/record-audit';
import { record } from '../../src/cli/record-run';
import { findSecret, secretForms } from '../../src/cli/record-scrub';
import { startHostileServer } from './hostile-server';

const dir = mkdtempSync(join(tmpdir(), 'streamscope-audit-size-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const KEY = 'sk-audit-0123456789abcdef';
const root = join(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await sleep(20);
}

/** A capture of about `mb` MiB written in 8 MiB writes: header, req, 1 KB chunk events, then `tail` lines. */
function capture(file: string, mb: number, tail: string[]): number {
  const fd = openSync(file, 'w');
  let size = 0;
  const put = (b: Buffer) => {
    writeSync(fd, b);
    size += b.length;
  };
  try {
    put(Buffer.from(`${JSON.stringify({ streamscope: 1, wire: 'openai-chat' })}\n${JSON.stringify([0, 'req', { turn: 0 }])}\n`));
    const line = `${JSON.stringify([12.5, 'chunk', `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'x'.repeat(900) } }] })}\n\n`])}\n`;
    const block = Buffer.from(line.repeat(Math.floor((8 << 20) / line.length)));
    while (size < mb << 20) put(block);
    put(Buffer.from(tail.map((l) => `${l}\n`).join('')));
  } finally {
    closeSync(fd);
  }
  return size;
}

describe('the last credential check, at any size', () => {
  it('a 608 MB capture: read through in pieces, a value split across its last two events found, memory bounded', () => {
    const file = join(dir, 'big.jsonl');
    const tail = [JSON.stringify([13, 'chunk', `data: {"echo":"${KEY.slice(0, 13)}`]), JSON.stringify([14, 'chunk', `${KEY.slice(13)}"}\n\n`]), JSON.stringify([15, 'end', { status: 'complete' }])];
    const size = capture(file, 600, tail);
    expect(size).toBeGreaterThan(0x1fffffe8); // longer than V8's longest string: the whole-text check threw here
    const child = spawnSync(process.execPath, ['--import', 'tsx', 'test/cli/audit-child.ts', file, KEY], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    expect(child.stderr).toBe('');
    const r = JSON.parse(child.stdout) as { audit: unknown; ms: number; cpuMs: number; maxRssMb: number; fds: number };
    console.log(`audit of ${(size / 1e6).toFixed(0)} MB: ${r.ms} ms wall, ${r.cpuMs} ms CPU, peak RSS ${r.maxRssMb} MB`);
    expect(r.audit).toEqual({ ok: true, found: { line: 2, where: 'body' }, bytes: size });
    expect(r.maxRssMb).toBeLessThan(200);
    expect(r.fds).toBe(0);
    unlinkSync(file);
  });

  it('read in pieces as small as 1 byte, it finds what findSecret finds in the whole text; a line past the limit is refused by name', () => {
    const { secrets } = secretForms(['sk-abc"def/123']);
    const piece = fc.constantFrom('data: sk-abc"def/123\n\n', 'sk-abc"d', 'ef/123', 'data: 1\n\n', '日本', 'x'.repeat(50));
    const line = fc.oneof(
      fc.constant(JSON.stringify([0, 'req', { turn: 0 }])),
      piece.map((p) => JSON.stringify([1, 'chunk', p])),
      piece.map((p) => JSON.stringify([1, 'bytes', Buffer.from(p).toString('base64')])),
      fc.constant('not json'),
    );
    const file = join(dir, 'small.jsonl');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.integer({ min: 1, max: 64 }), fc.boolean(), (lines, pieceBytes, lastLf) => {
        const text = ['{"streamscope":1}', ...lines].join('\n') + (lastLf ? '\n' : '');
        writeFileSync(file, text);
        const audit = auditFile(file, secrets, { pieceBytes });
        const found = findSecret(text, secrets);
        expect(audit).toMatchObject({ ok: true, found });
        // with nothing found, every byte was read
        if (!found) expect(audit).toMatchObject({ bytes: Buffer.byteLength(text) });
      }),
      { numRuns: 400 },
    );
    writeFileSync(file, `{"streamscope":1}\n${'y'.repeat(5000)}\n`);
    expect(auditFile(file, secrets, { pieceBytes: 512, maxLineBytes: 4096 })).toEqual({ ok: false, why: 'line 2 is longer than 4,096 bytes, too long to check' });
    expect(auditFile(join(dir, 'missing.jsonl'), secrets)).toMatchObject({ ok: false, why: expect.stringMatching(/^reading it back failed \(ENOENT/) });
  });
});

describe('a check that cannot run', () => {
  /** Descriptors of this process open on files of the test's folder (sockets of fetch's pool are not ours to count). */
  const openFds = () =>
    readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`).startsWith(dir);
      } catch {
        return false;
      }
    }).length;

  it('in process: the file is not kept, the message says why, no timer, listener or descriptor is left', async () => {
    const server = await startHostileServer();
    try {
      const out = join(dir, 'gone.jsonl');
      const signal = new AbortController().signal;
      const fds0 = openFds();
      expect(fds0).toBe(0);
      // the recorder's timer is the one set for the --timeout; whether it was cleared is asked of clearTimeout
      const set = vi.spyOn(globalThis, 'setTimeout');
      const cleared = vi.spyOn(globalThis, 'clearTimeout');
      const running = record({ wire: 'openai-chat', url: new URL(`${server.base}/hold`), method: 'POST', bodyFile: 'x', body: {}, out, headers: [['x-api-key', KEY]], redact: [], timeoutMs: 120_000 }, { signal });
      const temp = `${out}.partial-${process.pid}`;
      await until(() => existsSync(temp) && readFileSync(temp, 'utf8').includes('"chunk"'));
      expect(openFds()).toBe(1); // the recording's own
      unlinkSync(temp); // the check will find nothing to read
      server.release();
      const r = await running;
      expect(r.exitCode).toBe(1);
      expect(r.message).toMatch(new RegExp(`^refused to keep .*gone\\.jsonl: the last check for credential values could not run on .*gone\\.jsonl\\.partial-\\d+ \\(reading it back failed \\(ENOENT: .*\\)\\); the file was removed$`));
      expect(existsSync(out)).toBe(false);
      const timer = set.mock.results.find((_, i) => set.mock.calls[i]?.[1] === 120_000)?.value as unknown;
      expect(timer).toBeDefined();
      expect(cleared.mock.calls.some(([t]) => t === timer)).toBe(true);
      expect(getEventListeners(signal, 'abort')).toEqual([]);
      expect(openFds()).toBe(fds0);
    } finally {
      vi.restoreAllMocks();
      await server.close();
    }
  });

  it('the real entry with --timeout 120000 exits at once (it used to wait out the timeout)', async () => {
    const server = await startHostileServer();
    const out = join(dir, 'gone-entry.jsonl');
    writeFileSync(join(dir, 'request.json'), '{}');
    const p = spawn(process.execPath, ['--import', 'tsx', 'src/cli/bin/record.ts', '--wire', 'openai-chat', '--url', `${server.base}/hold`, '--body', join(dir, 'request.json'), '--out', out, '--timeout', '120000'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((r) => p.on('close', (code) => r(code)));
    try {
      await until(() => /recording to (\S+);/.test(stderr));
      const temp = /recording to (\S+);/.exec(stderr)?.[1] ?? '';
      await until(() => existsSync(temp) && readFileSync(temp, 'utf8').includes('"chunk"'));
      unlinkSync(temp);
      const released = performance.now();
      server.release();
      const code = await exited;
      const took = performance.now() - released;
      expect(code).toBe(1);
      expect(stderr).toMatch(/record: refused to keep .*gone-entry\.jsonl: the last check for credential values could not run/);
      // a tsx process ends within a second or two here; waiting for the timer would be 120 s
      expect(took).toBeLessThan(20_000);
    } finally {
      p.kill('SIGKILL');
      server.release();
      await server.close();
    }
  });
});
