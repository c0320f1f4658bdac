/**
 * The recording proxy when things go wrong or happen at once, all on 127.0.0.1: two concurrent streams, a client that
 * goes away, credential echoes, an upstream that refuses, does not resolve, fails TLS, stalls, redirects or answers
 * 401, a body over the limit, a port in use, an existing --out, a compressed and a non-streaming response, Ctrl-C.
 * Each fault: one line on the terminal, and where a turn was open an `end` with the reason; nothing recorded is lost.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFake, type Fake } from './proxy-fakes';
import { events, KEY, proxyFor, proxyProcess, readRecording, tempOut, turnReads, until } from './proxy-helpers';
import { recordCli } from './run-cli';

let fake: Fake;
beforeAll(async () => {
  fake = await startFake();
});
afterAll(async () => {
  await fake.close();
});

const text = (b: Uint8Array): string => new TextDecoder().decode(b);
const sentTo = (url: string) => fake.sent.find((s) => s.url === url);
const endOf = (file: string, k: number) => readRecording(file).rec.turns[k]?.end;

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

describe('concurrent requests', () => {
  it('become separate turns in request order, never mixed; the later one waits in a spool file, then joins the file', async () => {
    const { proxy, out } = await proxyFor(fake.url, 'openai-chat');
    // a: one read, then held open until released; b runs whole meanwhile
    const a = fetch(`${proxy.url}/scenario/held?c=a`).then((r) => r.text());
    await until(() => (sentTo('/scenario/held?c=a')?.writes.length ?? 0) > 0, 'request a to stream');
    const b = await fetch(`${proxy.url}/scenario/letters?c=b&n=5&gap=10`).then((r) => r.text());
    // b has ended while a still streams: b's lines wait beside the file, a's are in it
    const temp = `${out}.partial-${process.pid}`;
    const spool = readFileSync(`${temp}.turn-1`, 'utf8');
    expect(spool).toMatch(/"req"[\s\S]*"letter\\":\\"b\\"[\s\S]*"end"/);
    expect(readFileSync(temp, 'utf8')).not.toContain('\\"b\\"');
    expect(readFileSync(temp, 'utf8')).toContain('\\"a\\"');
    fake.release('a');
    await a;
    const result = await proxy.stop();
    expect(result.exitCode, result.message).toBe(0);
    expect(existsSync(`${temp}.turn-1`)).toBe(false);
    const { rec } = readRecording(out);
    expect(rec.turns).toHaveLength(2);
    expect(text(turnReads(rec, 0).bytes)).toBe([0, 1].map((i) => `data: {"letter":"a","i":${i}}\n\n`).join(''));
    expect(text(turnReads(rec, 1).bytes)).toBe([0, 1, 2, 3, 4].map((i) => `data: {"letter":"b","i":${i}}\n\n`).join(''));
    expect(b).toBe(text(turnReads(rec, 1).bytes));
    // they overlapped in time, as they ran
    expect(rec.turns[1]?.requestAt).toBeLessThan(rec.turns[0]?.end?.time ?? 0);
    expect(rec.turns[1]?.end?.time).toBeLessThan(rec.turns[0]?.end?.time ?? 0);
  });
});

describe('the client goes away', () => {
  it('cancels the upstream request and ends the turn aborted: client went away', async () => {
    // a long --timeout: only the cancellation can end the upstream request within the wait below
    const { proxy, out, logs } = await proxyFor(fake.url, 'openai-chat', { timeoutMs: 60_000 });
    const controller = new AbortController();
    const res = await fetch(`${proxy.url}/scenario/stall`, { signal: controller.signal });
    const reader = res.body?.getReader();
    const first = await reader?.read();
    expect(text(first?.value ?? new Uint8Array())).toBe('data: {"first":true}\n\n');
    controller.abort();
    await until(() => sentTo('/scenario/stall')?.cancelled === true, 'the upstream request to be cancelled', 3000);
    await until(() => logs.some((l) => l.includes('client went away')), 'the line');
    expect((await proxy.stop()).exitCode).toBe(0);
    expect(endOf(out, 0)).toMatchObject({ status: 'aborted', note: 'client went away' });
    expect(logs.filter((l) => l.includes('client went away'))).toEqual(['turn 0 GET /scenario/stall: the client went away; the upstream request was cancelled']);
    expect(text(turnReads(readRecording(out).rec, 0).bytes)).toBe('data: {"first":true}\n\n');
  });
});

describe('credentials', () => {
  it('go to the upstream only: redacted in req, scrubbed from every read and the request body, in the query too', async () => {
    const { proxy, out } = await proxyFor(fake.url, 'openai-chat');
    const other = 'xk-second-key-9876543210';
    const query = 'qk-query-key-5555555555';
    const res = await fetch(`${proxy.url}/scenario/echo?key=${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'x-api-key': other, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: `my key is ${KEY}` }] }),
    });
    const echoed = await res.text();
    // the client gets the upstream's bytes as they are, its own key included
    expect(echoed).toContain(KEY);
    expect(echoed).toContain(other);
    expect(sentTo(`/scenario/echo?key=${query}`)?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect((await proxy.stop()).exitCode).toBe(0);
    const { text: file, lines } = readRecording(out);
    for (const secret of [KEY, other, query]) expect(file).not.toContain(secret);
    const req = events(lines, 'req')[0]?.[2];
    expect(req?.headers).toMatchObject({ authorization: '[redacted]', 'x-api-key': '[redacted]' });
    expect(req?.url).toBe(`${fake.url}/scenario/echo?key=%5Bredacted%5D`);
    expect(JSON.stringify(req?.body)).toContain('my key is [redacted]');
    // the echo came in 7-byte reads: the key split across reads is scrubbed too
    expect(events(lines, 'chunk').length).toBeGreaterThan(20);
    expect(text(turnReads(readRecording(out).rec, 0).bytes)).toContain('{"authorization":"[redacted]","x-api-key":"[redacted]"');
  });
});

describe('an upstream that cannot be reached', () => {
  const cases: [string, () => Promise<{ upstream: string; lookup?: LookupFunction }>, RegExp][] = [
    ['refused', async () => ({ upstream: `http://127.0.0.1:${await freePort()}` }), /^the upstream 127\.0\.0\.1:\d+ refused the connection \(ECONNREFUSED\)$/],
    [
      'a name that does not resolve',
      async () => ({
        upstream: 'http://model-server.invalid:8080',
        // no query leaves the machine: the resolver answers as a failing DNS would
        lookup: ((hostname: string, _o: unknown, cb: (e: NodeJS.ErrnoException) => void) => cb(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname }))) as unknown as LookupFunction,
      }),
      /^the upstream's host name model-server\.invalid did not resolve \(ENOTFOUND\)$/,
    ],
    ['TLS that fails (https to a plain HTTP port)', async () => ({ upstream: fake.url.replace('http:', 'https:') }), /^TLS failed with the upstream 127\.0\.0\.1:\d+: /],
  ];
  it.each(cases)('%s: the client gets 502 naming the cause, the turn ends error with it, one line', async (_name, setup, note) => {
    const { upstream, lookup } = await setup();
    const { proxy, out, logs } = await proxyFor(upstream, 'openai-chat', {}, lookup ? { lookup } : {});
    const res = await fetch(`${proxy.url}/v1/chat/completions`, { method: 'POST', body: '{"model":"m","stream":true}' });
    expect(res.status).toBe(502);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/^streamscope recording proxy: /);
    expect((await proxy.stop()).exitCode).toBe(0);
    const end = endOf(out, 0);
    expect(end?.status).toBe('error');
    expect(end?.note).toMatch(note);
    expect(logs.filter((l) => l.startsWith('turn 0 '))).toHaveLength(1);
    expect(logs.find((l) => l.startsWith('turn 0 '))).toMatch(/the client got 502$/);
  });
});

describe('an upstream that stalls (--timeout)', () => {
  it('mid-response: the turn ends aborted with what arrived, the client sees its stream cut', async () => {
    const { proxy, out, logs } = await proxyFor(fake.url, 'openai-chat', { timeoutMs: 300 });
    const res = await fetch(`${proxy.url}/scenario/stall`);
    await expect(res.text()).rejects.toThrow();
    expect((await proxy.stop()).exitCode).toBe(0);
    expect(endOf(out, 0)).toMatchObject({ status: 'aborted', note: `the upstream ${new URL(fake.url).host} sent nothing for 300 ms mid-response (--timeout)` });
    expect(text(turnReads(readRecording(out).rec, 0).bytes)).toBe('data: {"first":true}\n\n');
    expect(logs.filter((l) => l.includes('--timeout'))).toHaveLength(1);
  });

  it('before any response: 504 to the client, the turn ends aborted', async () => {
    const { proxy, out } = await proxyFor(fake.url, 'openai-chat', { timeoutMs: 300 });
    const res = await fetch(`${proxy.url}/scenario/silent`);
    expect(res.status).toBe(504);
    expect((await proxy.stop()).exitCode).toBe(0);
    expect(endOf(out, 0)).toMatchObject({ status: 'aborted', note: `the upstream ${new URL(fake.url).host} sent no response within 300 ms (--timeout)` });
  });
});

describe('responses that are not a plain 200 stream', () => {
  it('a redirect is handed to the client, never followed; a 401 is recorded with its body', async () => {
    let reached = 0;
    const elsewhere: Server = createServer((_q, r) => {
      reached++;
      r.end('no');
    });
    await new Promise<void>((r) => elsewhere.listen(0, '127.0.0.1', r));
    const to = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/land`;
    const { proxy, out } = await proxyFor(fake.url, 'openai-chat');
    const res = await fetch(`${proxy.url}/scenario/redirect?to=${encodeURIComponent(to)}`, { redirect: 'manual', headers: { authorization: `Bearer ${KEY}` } });
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe(to);
    const denied = await fetch(`${proxy.url}/scenario/error`);
    expect(denied.status).toBe(401);
    expect((await proxy.stop()).exitCode).toBe(0);
    await new Promise((r) => elsewhere.close(r));
    expect(reached).toBe(0);
    expect(endOf(out, 0)).toMatchObject({ status: 'error', note: `HTTP 307 Temporary Redirect to ${to}: handed to the client, not followed; not a stream (content-type none)` });
    expect(endOf(out, 1)).toMatchObject({ status: 'error', note: 'HTTP 401 Unauthorized; not a stream (content-type application/json)' });
    expect(text(turnReads(readRecording(out).rec, 1).bytes)).toContain('Incorrect API key provided');
  });

  it('a non-streaming JSON turn is marked stream:false, and its calls still get their tool time', async () => {
    const { proxy, out } = await proxyFor(fake.url, 'openai-chat');
    const post = (messages: unknown[]) => fetch(`${proxy.url}/v1/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'm', stream: false, messages }) }).then((r) => r.json() as Promise<{ choices: { message: { tool_calls: { id: string }[] } }[] }>);
    const first = await post([{ role: 'user', content: 'x' }]);
    const call = first.choices[0]?.message.tool_calls[0]?.id ?? '';
    await post([{ role: 'user', content: 'x' }, first.choices[0]?.message, { role: 'tool', tool_call_id: call, content: 'r' }]);
    expect((await proxy.stop()).exitCode).toBe(0);
    const { rec, lines } = readRecording(out);
    expect(events(lines, 'end').map((e) => e[2].stream)).toEqual([false, false]);
    expect(rec.tools.map((t) => [t.turn, t.callId])).toEqual([[0, 'call_0']]);
  });

  it('a gzip-compressed stream reaches the client compressed and is recorded decoded', async () => {
    const { proxy, out } = await proxyFor(fake.url, 'openai-chat');
    const res = await fetch(`${proxy.url}/scenario/gzip`);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const got = await res.text();
    expect((await proxy.stop()).exitCode).toBe(0);
    expect(got).toBe('data: {"zipped":1}\n\ndata: {"zipped":2}\n\ndata: [DONE]\n\n');
    expect(text(turnReads(readRecording(out).rec, 0).bytes)).toBe(got);
    expect(endOf(out, 0)).toMatchObject({ status: 'complete', note: 'HTTP 200 OK' });
  });
});

describe('refused before anything is forwarded or written', () => {
  it('a request body over --max-body: 413, one line, no turn', async () => {
    const { proxy, out, logs } = await proxyFor(fake.url, 'openai-chat', { maxBodyBytes: 1000 });
    const big = await fetch(`${proxy.url}/v1/chat/completions`, { method: 'POST', body: JSON.stringify({ pad: 'x'.repeat(5000) }) });
    expect(big.status).toBe(413);
    const ok = await fetch(`${proxy.url}/scenario/letters?c=z&n=1&gap=1`);
    expect(await ok.text()).toContain('"z"');
    expect((await proxy.stop()).exitCode).toBe(0);
    expect(logs.filter((l) => l.includes('--max-body'))).toEqual(['POST /v1/chat/completions: the request body is over the --max-body limit of 1000 bytes; answered 413, not forwarded, not recorded']);
    expect(readRecording(out).rec.turns).toHaveLength(1);
    expect(fake.sent.some((s) => s.body.includes('x'.repeat(5000)))).toBe(false);
  });

  it('a request never names another host: absolute-form (as to an HTTP proxy) is refused, a //host path stays a path', async () => {
    let reached = 0;
    const elsewhere: Server = createServer((_q, r) => {
      reached++;
      r.end('no');
    });
    await new Promise<void>((r) => elsewhere.listen(0, '127.0.0.1', r));
    const other = `127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    const { proxy, logs } = await proxyFor(fake.url, 'openai-chat');
    const raw = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const r = request(`${proxy.url}/`, { path, method: 'GET' }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        r.on('error', reject);
        r.end();
      });
    const before = fake.sent.length;
    expect(await raw(`http://${other}/x`)).toBe(400);
    expect(logs.filter((l) => l.includes('not through it as an HTTP proxy'))).toHaveLength(1);
    await raw(`//${other}/scenario/letters?c=s&n=1&gap=1`);
    await proxy.stop();
    await new Promise((r) => elsewhere.close(r));
    expect(reached).toBe(0);
    // only the //host request reached the upstream, as a path
    expect(fake.sent.length).toBe(before + 1);
  });

  it('a port in use: exit 2, one line, no file', async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = String((taken.address() as AddressInfo).port);
    const out = tempOut();
    const run = await recordCli(['--proxy', port, '--upstream', fake.url, '--wire', 'openai-chat', '--out', out]);
    await new Promise((r) => taken.close(r));
    expect(run.code).toBe(2);
    expect(run.err).toBe(`record: port ${port} on 127.0.0.1 is in use (EADDRINUSE): another program listens there; choose another --proxy port\n`);
    expect(readdirSync(dirname(out))).toEqual([]);
  });

  it('an existing --out without --force, and the options of the one-request recorder: exit 2, one line', async () => {
    const out = tempOut();
    writeFileSync(out, 'precious');
    const exists = await recordCli(['--proxy', '0', '--upstream', fake.url, '--wire', 'openai-chat', '--out', out]);
    expect(exists.code).toBe(2);
    expect(exists.err).toBe(`record: --out ${out} already exists: give --force to replace it (it is replaced only once the recording ends)\n`);
    expect(readFileSync(out, 'utf8')).toBe('precious');
    const mixed = await recordCli(['--proxy', '0', '--upstream', fake.url, '--wire', 'openai-chat', '--out', tempOut(), '--url', fake.url]);
    expect(mixed).toEqual({ code: 2, out: '', err: 'record: --url is not an option of --proxy: the client sends its own requests (see --help)\n' });
  });

  it('--listen on another interface warns; no request means nothing is kept', async () => {
    const { proxy, out, logs } = await proxyFor(fake.url, 'openai-chat', { listen: '0.0.0.0' });
    expect(logs[0]).toMatch(/^warning: listening on 0\.0\.0\.0, not only on this machine/);
    const result = await proxy.stop();
    expect(result.exitCode).toBe(1);
    expect(result.message).toMatch(/^no request came through the proxy; nothing recorded \(the file was removed/);
    expect(readdirSync(dirname(out))).toEqual([]);
  });
});

describe('Ctrl-C and the file on disk', () => {
  it('the file grows line by line while the proxy runs; Ctrl-C keeps every finished turn and ends the one in flight aborted', async () => {
    const proxy = await proxyProcess(fake.url, 'openai-chat', ['--timeout', '60000']);
    expect(await fetch(`${proxy.url}/scenario/letters?c=k&n=2&gap=10`).then((r) => r.text())).toContain('"k"');
    // turn 0 is on disk before the recording ends (in the partial file the proxy named when it started)
    const partial = /written as (\S+) until it ends/.exec(proxy.stderr())?.[1] ?? '';
    await until(() => existsSync(partial) && readFileSync(partial, 'utf8').includes('"end"'), 'turn 0 on disk');
    const res = await fetch(`${proxy.url}/scenario/stall`);
    await res.body?.getReader().read();
    const stopped = await proxy.stop();
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(stopped.stdout).toBe(`record: recorded 2 turns with 0 tool times in ${proxy.out}\n`);
    expect(existsSync(partial)).toBe(false);
    const { rec } = readRecording(proxy.out);
    expect(rec.turns.map((t) => t.end?.status)).toEqual(['complete', 'aborted']);
    expect(rec.turns[1]?.end?.note).toBe('interrupted (Ctrl-C)');
    expect(text(turnReads(rec, 1).bytes)).toBe('data: {"first":true}\n\n');
  });
});
