/**
 * The recorder against a scripted SSE server on 127.0.0.1 (started here, port 0): chunks with delays, a UTF-8
 * character split across chunks, an HTTP error, a disconnect mid-stream, a stall (timeout and Ctrl-C), redaction.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRecordArgs, type RecordOptions } from '../../src/cli/record-args';
import { record } from '../../src/cli/record-run';
import { redactUrl } from '../../src/cli/record-redact';
import { load } from '../../src/core/load';
import { analyze } from '../../src/core/session/session';
import { recordCli } from './run-cli';
import { framesOf } from '../../src/core/sse';

const SECRET = 'sk-test-0123456789abcdef';
const CUSTOM_SECRET = 'tenant-secret-42';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Polls until the condition holds (a test timeout, not a fixed sleep, bounds the wait). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await sleep(20);
}
const fileHas = (file: string, text: string): boolean => {
  try {
    return readFileSync(file, 'utf8').includes(text);
  } catch {
    return false;
  }
};
/** The recording being written: the temporary file beside `out` (record-out.ts), until it ends and takes out's name. */
const partial = (out: string): string => {
  const name = readdirSync(dirname(out)).find((f) => f.startsWith(`${basename(out)}.partial-`));
  return name ? join(dirname(out), name) : '';
};
const enc = new TextEncoder();

const CHUNK = (content: string) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

let server: Server;
let base = '';
const seen: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString('utf8')));
    req.on('end', () => {
      seen.push({ headers: req.headers, body });
      void (async () => {
        if (req.url === '/error') {
          res.writeHead(401, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${SECRET}` } }));
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.flushHeaders();
        if (req.url === '/sse') {
          const split = enc.encode(CHUNK('日期'));
          const at = split.indexOf(0xe6); // first byte of 日
          const parts = [enc.encode(CHUNK('hello')), split.slice(0, at + 1), split.slice(at + 1), enc.encode('data: [DONE]\n\n')];
          for (const p of parts) {
            res.write(p);
            await sleep(60);
          }
          res.end();
        } else if (req.url === '/disconnect') {
          res.write(CHUNK('partial'));
          await sleep(60);
          res.socket?.destroy();
        } else if (req.url === '/stall') {
          res.write(CHUNK('waiting'));
          // never ends; the client gives up
        }
      })();
    });
  });
  server.on('connection', (s) => s.setNoDelay(true));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

const dir = mkdtempSync(join(tmpdir(), 'streamscope-record-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const bodyFile = join(dir, 'request.json');
writeFileSync(bodyFile, JSON.stringify({ model: 'test-model', stream: true, messages: [{ role: 'user', content: 'hi' }] }));

function options(path: string, out: string, extra: Partial<RecordOptions> = {}): RecordOptions {
  return {
    wire: 'openai-chat',
    url: new URL(base + path),
    method: 'POST',
    bodyFile,
    body: { model: 'test-model', stream: true },
    out: join(dir, out),
    headers: [
      ['Authorization', `Bearer ${SECRET}`],
      ['x-api-key', SECRET],
      ['X-Tenant', CUSTOM_SECRET],
      ['X-Trace', 'visible-value'],
    ],
    redact: ['x-tenant'],
    timeoutMs: 10_000,
    ...extra,
  };
}

const eventsOf = (file: string): [number, string, unknown][] =>
  readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l) as [number, string, unknown]);

describe('record', () => {
  it('writes req, each chunk as it arrives with its time, a split UTF-8 character as bytes, then end', async () => {
    const o = options('/sse', 'sse.jsonl');
    const r = await record(o);
    expect(r.exitCode).toBe(0);
    const text = readFileSync(o.out, 'utf8');
    const header = JSON.parse(text.split('\n')[0] ?? '') as Record<string, unknown>;
    expect(header).toMatchObject({ streamscope: 1, wire: 'openai-chat', model: 'test-model', provenance: { kind: 'captured' } });
    const ev = eventsOf(o.out);
    expect(ev.map((e) => e[1])).toEqual(['req', ...ev.slice(1, -1).map((e) => e[1]), 'end']);
    const body = ev.slice(1, -1);
    expect(body.every((e) => e[1] === 'chunk' || e[1] === 'bytes')).toBe(true);
    expect(body.filter((e) => e[1] === 'bytes').length).toBeGreaterThanOrEqual(1);
    expect(ev.at(-1)?.[2]).toMatchObject({ status: 'complete', note: 'HTTP 200 OK' });
    // Times: increasing, and the 60 ms pauses show. The server writes 3 pauses apart; a stall of this process can
    // delay the first read (and merge it with the second), never hasten the last, so 2 pauses is the safe bound.
    const times = body.map((e) => e[0]);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect((times.at(-1) ?? 0) - (times[0] ?? 0)).toBeGreaterThan(100);
    // The request went out whole, with its credentials.
    const sent = seen.at(-1);
    expect(sent?.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(JSON.parse(sent?.body ?? '{}')).toEqual(o.body);
    // The core reads the file back: 3 frames, the character rejoined, no replacement characters.
    const loaded = load(text, 'sse.jsonl');
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    const s = analyze(loaded.recording);
    expect(framesOf(s.frames).map((f) => f.data.includes('日期') || f.data.includes('hello') || f.data === '[DONE]')).toEqual([true, true, true]);
    expect(s.decoded[0]?.invalidUtf8At).toEqual([]);
  });

  it('never writes credentials: Authorization, x-api-key and headers marked with --redact-header', async () => {
    const o = options('/sse', 'redact.jsonl');
    await record(o);
    const text = readFileSync(o.out, 'utf8');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(CUSTOM_SECRET);
    const req = eventsOf(o.out)[0]?.[2] as { headers: Record<string, string> };
    expect(req.headers).toEqual({ Authorization: '[redacted]', 'x-api-key': '[redacted]', 'X-Tenant': '[redacted]', 'X-Trace': 'visible-value' });
    expect(redactUrl(new URL('https://u:p@h.example/v1/models/x:stream?alt=sse&key=abc123'))).toBe(
      'https://%5Bredacted%5D@h.example/v1/models/x:stream?alt=sse&key=%5Bredacted%5D',
    );
  });

  it('an HTTP error writes the status and body, exits non-zero with a message, and scrubs an echoed key', async () => {
    const o = options('/error', 'error.jsonl');
    const r = await record(o);
    expect(r.exitCode).toBe(1);
    expect(r.message).toMatch(/^HTTP 401 Unauthorized from .*Incorrect API key/);
    expect(r.message).not.toContain(SECRET);
    const ev = eventsOf(o.out);
    expect(ev.at(-1)?.[2]).toEqual({ status: 'error', note: 'HTTP 401 Unauthorized' });
    expect(ev.some((e) => e[1] === 'chunk' && String(e[2]).includes('Incorrect API key provided: [redacted]'))).toBe(true);
  });

  it('a refused connection ends with status error and says why', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const o = { ...options('/sse', 'refused.jsonl'), url: new URL(`http://127.0.0.1:${port}/v1/chat/completions`) };
    const r = await record(o);
    expect(r.exitCode).toBe(1);
    expect(r.message).toMatch(/^request to http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions failed: .*ECONNREFUSED.*; nothing arrived, so nothing was written \(.*refused\.jsonl is as it was\)$/);
    // no answer, no recording: neither the file nor its temporary file is left
    expect(existsSync(o.out)).toBe(false);
    expect(partial(o.out)).toBe('');
  });

  it('an unwritable --out is reported, not thrown', async () => {
    const r = await record(options('/sse', 'no-such-dir/x.jsonl'));
    expect(r).toMatchObject({ exitCode: 2, message: expect.stringMatching(/no-such-dir\/x\.jsonl: cannot write it \(ENOENT: its folder .*no-such-dir is not there\)/) });
  });

  it('a disconnect mid-stream keeps what arrived and ends aborted with the cause', async () => {
    const o = options('/disconnect', 'disconnect.jsonl');
    const r = await record(o);
    expect(r.exitCode).toBe(1);
    expect(r.message).toMatch(/connection broke mid-stream/);
    const ev = eventsOf(o.out);
    expect(ev.filter((e) => e[1] === 'chunk').map((e) => e[2])).toEqual([CHUNK('partial')]);
    expect(ev.at(-1)?.[2]).toMatchObject({ status: 'aborted' });
  });

  it('a timeout keeps what arrived and ends aborted', async () => {
    // long enough for the first chunk to arrive on a loaded machine: a timeout before any answer writes nothing
    const o = options('/stall', 'timeout.jsonl', { timeoutMs: 1500 });
    const r = await record(o);
    expect(r.exitCode).toBe(1);
    const ev = eventsOf(o.out);
    expect(ev.filter((e) => e[1] === 'chunk').length).toBe(1);
    expect(ev.at(-1)?.[2]).toEqual({ status: 'aborted', note: 'timed out after 1500 ms' });
    expect(ev.at(-1)?.[0]).toBeGreaterThanOrEqual(1490);
  });

  it('an abort (what Ctrl-C triggers) keeps what arrived and ends aborted, exit 130', async () => {
    const o = options('/stall', 'abort.jsonl');
    const ctl = new AbortController();
    const running = record(o, { signal: ctl.signal });
    await until(() => fileHas(partial(o.out), '"chunk"'));
    ctl.abort();
    const r = await running;
    expect(r.exitCode).toBe(130);
    expect(eventsOf(o.out).at(-1)?.[2]).toEqual({ status: 'aborted', note: 'interrupted (Ctrl-C)' });
  });
});

describe('the record command line', () => {
  it('bad options exit 2 with one line naming the option', async () => {
    const r = await recordCli(['--wire', 'smoke-signals', '--url', base, '--body', bodyFile, '--out', join(dir, 'x.jsonl')]);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.trimEnd().split('\n')).toEqual([expect.stringMatching(/^record: --wire "smoke-signals": expected one of anthropic-messages/)]);
  });

  it('a complete recording: the summary line on stdout, exit 0', async () => {
    const out = join(dir, 'cli.jsonl');
    const r = await recordCli(['--wire', 'openai-chat', '--url', `${base}/sse`, '--body', bodyFile, '--out', out]);
    // stderr names the temporary file first (a crash leaves it under that name), then nothing else
    expect(r).toMatchObject({ code: 0, err: `record: recording to ${out}.partial-${process.pid}; it becomes ${out} when the recording ends\n` });
    expect(r.out).toMatch(/^record: recorded \d+ chunks \(\d+ bytes\) in [\d.]+ s to .*cli\.jsonl\n$/);
    expect(eventsOf(out).at(-1)?.[2]).toMatchObject({ status: 'complete' });
  });

  it('an aborted signal (what the entry does on Ctrl-C) ends the file aborted and exits 130', async () => {
    const out = join(dir, 'cli-abort.jsonl');
    const ctl = new AbortController();
    const running = recordCli(['--wire', 'openai-chat', '--url', `${base}/stall`, '--body', bodyFile, '--out', out], ctl.signal);
    await until(() => fileHas(partial(out), '"chunk"'));
    ctl.abort();
    const r = await running;
    expect(r.code).toBe(130);
    expect(r.err).toMatch(/^record: interrupted \(Ctrl-C\)/m);
    expect(eventsOf(out).at(-1)?.[2]).toEqual({ status: 'aborted', note: 'interrupted (Ctrl-C)' });
  });

  // The one process test of the recorder: the real entry (src/cli/bin/record.ts) and a real SIGINT.
  it('the real entry: Ctrl-C (SIGINT) writes what arrived plus end aborted and exits 130', async () => {
    const out = join(dir, 'sigint.jsonl');
    const p = spawn(process.execPath, ['--import', 'tsx', 'src/cli/bin/record.ts', '--wire', 'openai-chat', '--url', `${base}/stall`, '--body', bodyFile, '--out', out], {
      cwd: join(import.meta.dirname, '../..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const done = new Promise<{ code: number | null; stderr: string }>((resolve) => {
      let stderr = '';
      p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      p.on('close', (code) => resolve({ code, stderr }));
    });
    await until(() => fileHas(partial(out), '"chunk"'));
    p.kill('SIGINT');
    const r = await done;
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(/^record: interrupted \(Ctrl-C\)/m);
    expect(eventsOf(out).at(-1)?.[2]).toEqual({ status: 'aborted', note: 'interrupted (Ctrl-C)' });
  });
});

describe('parseRecordArgs', () => {
  const ok = ['--wire', 'openai-chat', '--url', 'http://127.0.0.1:1/v1/chat/completions', '--body', bodyFile, '--out', 'x.jsonl'];
  it.each([
    [['--wire', 'openai-chat'], /^--url is required/],
    [[...ok, '--header', 'Authorization Bearer x'], /^--header "Authorization Bearer x": expected "Name: value"/],
    [[...ok, '--timeout', 'soon'], /^--timeout "soon": expected a positive number/],
    [[...ok.slice(0, 4), '--body', join(dir, 'missing.json'), '--out', 'x'], /^--body .*missing\.json: cannot read it \(ENOENT\)/],
    [[...ok, '--frobnicate'], /^unknown option "--frobnicate"/],
    [['--wire', 'openai-chat', '--url', 'ftp://x/', '--body', bodyFile, '--out', 'x'], /^--url: expected http: or https:/],
  ])('%j -> %s', (argv, message) => {
    const r = parseRecordArgs(argv);
    expect(r.ok).toBe(false);
    if (r.ok === false) expect(r.error).toMatch(message);
  });

  it('reads the body, repeats headers, lower-cases redact names', () => {
    const r = parseRecordArgs([...ok, '--header', 'A: 1', '--header=B: two: parts', '--redact-header', 'X-Tenant', '--timeout=2500']);
    expect(r.ok).toBe(true);
    if (r.ok !== true) return;
    expect(r.options.headers).toEqual([
      ['A', '1'],
      ['B', 'two: parts'],
    ]);
    expect(r.options.redact).toEqual(['x-tenant']);
    expect(r.options.timeoutMs).toBe(2500);
    expect(r.options.body).toMatchObject({ model: 'test-model' });
  });

  it('a body that is not JSON is a bad option', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"model": ');
    const r = parseRecordArgs(['--wire', 'openai-chat', '--url', 'http://x/', '--body', bad, '--out', 'x']);
    expect(r.ok === false && r.error).toMatch(/bad\.json: not JSON/);
  });
});
