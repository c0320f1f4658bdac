/**
 * `record --out` never clobbers (src/cli/record-out.ts, record-finish.ts): an existing file is refused without
 * --force and replaced only when the recording ends with it; a symbolic link is never written through; --out may
 * not be the --body file; a request that gets no answer leaves the old file as it was; a crash (SIGKILL) leaves the
 * temporary file it named, never a half-written --out; a file planted under the temporary name is not opened.
 */
import { spawn } from 'node:child_process';
import { existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostileServer, type HostileServer } from './hostile-server';
import { recordCli } from './run-cli';

const dir = mkdtempSync(join(tmpdir(), 'streamscope-out-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const bodyFile = join(dir, 'request.json');
const BODY = JSON.stringify({ model: 'm', stream: true });
writeFileSync(bodyFile, BODY);
const OLD = '{"streamscope":1,"title":"the recording I kept"}\n';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await sleep(20);
}
const args = (url: string, out: string, ...more: string[]) => ['--wire', 'openai-chat', '--url', url, '--body', bodyFile, '--out', out, ...more];
/** Files in the folder whose name starts with `prefix` (temporary files are `<out>.partial-<pid>[-n]`). */
const named = (prefix: string) => readdirSync(dir).filter((f) => f.startsWith(prefix));
const lastEvent = (file: string) => JSON.parse(readFileSync(file, 'utf8').trimEnd().split('\n').at(-1) ?? '') as [number, string, { status: string }];

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(() => server.close());

describe('record --out', () => {
  it('an existing file is refused without --force: exit 2, nothing sent, the file as it was', async () => {
    const out = join(dir, 'kept.jsonl');
    writeFileSync(out, OLD);
    const before = server.requests.length;
    const r = await recordCli(args(`${server.base}/sse`, out));
    expect(r.code).toBe(2);
    expect(r.err).toBe(`record: --out ${out} already exists: give --force to replace it (it is replaced only once the recording ends)\n`);
    expect(readFileSync(out, 'utf8')).toBe(OLD);
    expect(server.requests.length).toBe(before);
    expect(named('kept.jsonl.partial')).toEqual([]);
  });

  it('with --force it is replaced only when the recording ends: while it runs, the old file is whole', async () => {
    const held = await startHostileServer();
    try {
      const out = join(dir, 'forced.jsonl');
      writeFileSync(out, OLD);
      const running = recordCli(args(`${held.base}/hold`, out, '--force'));
      await until(() => named('forced.jsonl.partial-').length === 1 && readFileSync(join(dir, named('forced.jsonl.partial-')[0] ?? ''), 'utf8').includes('"chunk"'));
      expect(readFileSync(out, 'utf8')).toBe(OLD);
      held.release();
      const r = await running;
      expect(r.code).toBe(0);
      expect(lastEvent(out)[2].status).toBe('complete');
      expect(named('forced.jsonl.partial')).toEqual([]);
    } finally {
      await held.close();
    }
  });

  it('a symbolic link is never written through, with or without --force: the link and its target stay as they were', async () => {
    const precious = join(dir, 'precious.txt');
    writeFileSync(precious, 'do not touch');
    const link = join(dir, 'link.jsonl');
    symlinkSync(precious, link);
    const dangling = join(dir, 'dangling.jsonl');
    symlinkSync(join(dir, 'not-yet.txt'), dangling);
    for (const out of [link, dangling]) {
      for (const force of [[], ['--force']]) {
        const r = await recordCli(args(`${server.base}/sse`, out, ...force));
        expect(r.code).toBe(2);
        expect(r.err).toContain(`--out ${out} is a symbolic link: the recorder never writes through a link`);
      }
    }
    expect(readFileSync(precious, 'utf8')).toBe('do not touch');
    expect(readlinkSync(link)).toBe(precious);
    expect(lstatSync(dangling).isSymbolicLink()).toBe(true);
    expect(existsSync(join(dir, 'not-yet.txt'))).toBe(false);
  });

  it('--out may not be the --body file: by another spelling, through a linked folder, or as a hard link', async () => {
    mkdirSync(join(dir, 'sub'));
    symlinkSync(dir, join(dir, 'via'));
    const hard = join(dir, 'hard.json');
    linkSync(bodyFile, hard);
    for (const out of [bodyFile, join(dir, 'sub', '..', 'request.json'), join(dir, 'via', 'request.json'), hard]) {
      const r = await recordCli(args(`${server.base}/sse`, out, '--force'));
      expect(r.code).toBe(2);
      expect(r.err).toContain('is the --body file: the recording would replace the request it sends');
    }
    expect(readFileSync(bodyFile, 'utf8')).toBe(BODY);
  });

  it('a request that gets no answer leaves the old file as it was (and no temporary file)', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const out = join(dir, 'bad-port.jsonl');
    writeFileSync(out, OLD);
    const r = await recordCli(args(`http://127.0.0.1:${port}/v1/chat/completions`, out, '--force'));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/ECONNREFUSED.*; nothing arrived, so nothing was written \(.*bad-port\.jsonl is as it was\)\n$/);
    expect(readFileSync(out, 'utf8')).toBe(OLD);
    expect(named('bad-port.jsonl.partial')).toEqual([]);
  });

  it('a file planted under the temporary name is not opened: the recorder takes the next name', async () => {
    const out = join(dir, 'planted.jsonl');
    const precious = join(dir, 'planted-target.txt');
    writeFileSync(precious, 'do not touch');
    symlinkSync(precious, `${out}.partial-${process.pid}`);
    const r = await recordCli(args(`${server.base}/sse`, out));
    expect(r.code).toBe(0);
    expect(r.err).toContain(`recording to ${out}.partial-${process.pid}-1;`);
    expect(readFileSync(precious, 'utf8')).toBe('do not touch');
    expect(lastEvent(out)[2].status).toBe('complete');
  });

  it('a crash (SIGKILL of the real entry) leaves the temporary file it named, and --out as it was', async () => {
    const held = await startHostileServer();
    const out = join(dir, 'crash.jsonl');
    writeFileSync(out, OLD);
    const p = spawn(process.execPath, ['--import', 'tsx', 'src/cli/bin/record.ts', ...args(`${held.base}/hold`, out, '--force')], {
      cwd: join(import.meta.dirname, '../..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<void>((r) => p.on('close', () => r()));
    try {
      await until(() => /recording to (\S+); it becomes/.test(stderr));
      const temp = /recording to (\S+); it becomes/.exec(stderr)?.[1] ?? '';
      expect(temp).toBe(`${out}.partial-${p.pid}`);
      await until(() => existsSync(temp) && readFileSync(temp, 'utf8').includes('"chunk"'));
      p.kill('SIGKILL');
      await exited;
      expect(readFileSync(out, 'utf8')).toBe(OLD);
      expect(readFileSync(temp, 'utf8')).toContain('"req"');
    } finally {
      p.kill('SIGKILL');
      held.release();
      await held.close();
    }
  });
});
