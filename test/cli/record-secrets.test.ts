/**
 * The recorder never writes a credential, against two local servers (two ports: two origins): a key echoed across
 * two reads, a key inside a read that is not valid UTF-8 on its own, every credential name of a header or query
 * parameter echoed back in 7-byte reads, and redirects to the same and to another origin.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordOptions } from '../../src/cli/record-args';
import { record } from '../../src/cli/record-run';
import { KEY, startServers, type Servers } from './record-servers';

let servers: Servers;
beforeAll(async () => {
  servers = await startServers();
});
afterAll(() => servers.close());

const dir = mkdtempSync(join(tmpdir(), 'streamscope-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const options = (url: string, out: string, headers: [string, string][] = [['x-api-key', KEY]]): RecordOptions => ({
  wire: 'openai-chat',
  url: new URL(url),
  method: 'POST',
  bodyFile: 'request.json',
  body: { model: 'm', stream: true },
  out: join(dir, out),
  headers,
  redact: [],
  timeoutMs: 10_000,
});

type Event = [number, string, unknown];
const eventsOf = (file: string): Event[] =>
  readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l) as Event);
/** The response body as received: chunk text and decoded bytes events, joined. */
const bodyOf = (file: string): Buffer =>
  Buffer.concat(
    eventsOf(file).flatMap(([, code, data]) =>
      code === 'chunk' ? [Buffer.from(String(data), 'utf8')] : code === 'bytes' ? [Buffer.from(String(data), 'base64')] : [],
    ),
  );
/** Asserts that none of `values` is in the file: its text, any decoded bytes event, or the joined body. */
const expectNone = (file: string, values: readonly string[]) => {
  const text = readFileSync(file, 'utf8');
  const body = bodyOf(file);
  for (const v of values) {
    expect(text, `file text holds ${v}`).not.toContain(v);
    expect(body.includes(Buffer.from(v)), `response body holds ${v}`).toBe(false);
    for (const [, code, data] of eventsOf(file)) if (code === 'bytes') expect(Buffer.from(String(data), 'base64').includes(Buffer.from(v))).toBe(false);
  }
};

describe('echoed keys', () => {
  it('a key echoed across two reads is scrubbed as one value, and the stream is otherwise kept byte for byte', async () => {
    const o = options(`${servers.a}/split`, 'split.jsonl');
    const r = await record(o);
    expect(r.exitCode).toBe(0);
    expect(r.chunks).toBeGreaterThanOrEqual(3);
    expectNone(o.out, [KEY, KEY.slice(0, 10), KEY.slice(10)]);
    expect(bodyOf(o.out).toString('utf8')).toBe('data: {"echo":"[redacted]"}\n\ndata: [DONE]\n\n');
    expect(servers.aSeen.at(-1)?.headers['x-api-key']).toBe(KEY);
  });

  it('a key inside a read that is not valid UTF-8 on its own is scrubbed before the bytes are encoded', async () => {
    const o = options(`${servers.a}/invalid-utf8`, 'invalid.jsonl');
    const r = await record(o);
    expect(r.exitCode).toBe(0);
    const ev = eventsOf(o.out);
    expect(ev.some((e) => e[1] === 'bytes')).toBe(true);
    expectNone(o.out, [KEY]);
    expect(bodyOf(o.out)).toEqual(Buffer.concat([Buffer.from('data: {"echo":"'), Buffer.from([0xff]), Buffer.from('[redacted] 日"}\n\ndata: [DONE]\n\n')]));
  });

  it('every credential name, as a header or a query parameter, is redacted in req and scrubbed from the echo', async () => {
    const headers: [string, string][] = [
      ['apikey', 'value-apikey-1111'],
      ['api_key', 'value-api_key-2222'],
      ['x-apikey', 'value-x-apikey-3333'],
      ['X-Auth', 'value-x-auth-4444'],
      ['Authentication', 'value-authentication-5555'],
      ['Authorization', 'Bearer value-bearer-6666'],
      ['x-api-key', KEY],
      ['Cookie', 'session=value-cookie-7777; theme=dark'],
      ['X-Trace', 'visible-trace-8888'],
    ];
    const query = { client_secret: 'value-client-secret-9999', refresh_token: 'value-refresh/token+0000', code: 'value-code-aaaa', 'X-Amz-Signature': 'value-amz-sig-bbbb' };
    const url = `${servers.a}/echo?alt=sse&${new URLSearchParams(query).toString()}`;
    const o = options(url, 'names.jsonl', headers);
    const r = await record(o);
    expect(r.exitCode).toBe(0);
    // the server got every value
    const got = servers.aSeen.at(-1);
    expect(got?.headers['x-auth']).toBe('value-x-auth-4444');
    expect(new URL(got?.url ?? '', 'http://x').searchParams.get('refresh_token')).toBe('value-refresh/token+0000');
    // none is in the file, in any form (the URL's are percent-encoded in the echo)
    const values = [...headers.filter(([k]) => k !== 'X-Trace').map(([, v]) => v), 'value-bearer-6666', 'value-cookie-7777', ...Object.values(query)];
    expectNone(o.out, [...values, ...values.map(encodeURIComponent), ...values.map((v) => new URLSearchParams({ v }).toString().slice(2))]);
    const req = eventsOf(o.out)[0]?.[2] as { headers: Record<string, string>; url: string };
    for (const [k] of headers) expect(req.headers[k]).toBe(k === 'X-Trace' ? 'visible-trace-8888' : '[redacted]');
    expect(req.url).toContain('alt=sse');
    for (const k of Object.keys(query)) expect(req.url).toContain(`${k}=%5Bredacted%5D`);
    // what is not a credential is kept
    expect(bodyOf(o.out).toString('utf8')).toContain('visible-trace-8888');
  });
});

describe('redirects', () => {
  it('a 307 to another origin is not followed while the request carries credentials: nothing reaches it', async () => {
    const before = servers.bSeen.length;
    const o = options(`${servers.a}/cross`, 'cross.jsonl');
    const r = await record(o);
    expect(servers.bSeen.length).toBe(before);
    expect(r.exitCode).toBe(1);
    expect(r.message).toMatch(/^HTTP 307 to another origin \(http:\/\/127\.0\.0\.1:\d+\/land\?X-Amz-Signature=%5Bredacted%5D\), not followed: the request carries credentials/);
    const ev = eventsOf(o.out);
    expect(ev.map((e) => e[1])).toEqual(['req', 'end']);
    expect(ev.at(-1)?.[2]).toMatchObject({ status: 'error', note: expect.stringContaining('another origin') });
    expectNone(o.out, [KEY, 'sig-from-redirect-0123']);
    expect(r.message).not.toContain('sig-from-redirect-0123');
  });

  it('with no credential header, a redirect to another origin is followed', async () => {
    const before = servers.bSeen.length;
    const o = options(`${servers.a}/cross`, 'cross-open.jsonl', [['X-Trace', 't']]);
    const r = await record(o);
    expect(r.exitCode).toBe(0);
    expect(servers.bSeen.length).toBe(before + 1);
    expect(bodyOf(o.out).toString('utf8')).toContain('"reached":"b"');
    expect(eventsOf(o.out).at(-1)?.[2]).toMatchObject({ status: 'complete', note: expect.stringMatching(/^HTTP 200 OK \(after 307 to http:\/\/127\.0\.0\.1:\d+\/land\?X-Amz-Signature=%5Bredacted%5D\)$/) });
    // a value the redirect's URL carried is scrubbed from what b sent back too
    expectNone(o.out, ['sig-from-redirect-0123']);
  });

  it('a 307 on the same origin is followed with the credentials, method and body', async () => {
    const o = options(`${servers.a}/same`, 'same.jsonl');
    const r = await record(o);
    expect(r.exitCode).toBe(0);
    const [first, second] = servers.aSeen.slice(-2);
    expect(first?.url).toBe('/same');
    expect(second).toMatchObject({ method: 'POST', url: '/split' });
    expect(second?.headers['x-api-key']).toBe(KEY);
    expectNone(o.out, [KEY]);
    expect(existsSync(o.out)).toBe(true);
  });
});

describe('StreamScrubber', () => {
  it('a value fed one byte per read comes out once as [redacted]; what cannot begin a value is given at once', async () => {
    const { StreamScrubber, secretForms } = await import('../../src/cli/record-scrub');
    const s = new StreamScrubber(secretForms(['sk-abcdef', 'Bearer sk-abcdef']).secrets);
    const input = Buffer.from('x: Bearer sk-abcdef, y: sk-abcdef, z: sk-abc\n');
    const out: Buffer[] = [];
    for (const b of input) out.push(Buffer.from(s.push(Uint8Array.of(b))));
    out.push(Buffer.from(s.flush()));
    expect(Buffer.concat(out).toString()).toBe('x: [redacted], y: [redacted], z: sk-abc\n');
    expect(Buffer.from(s.push(Buffer.from('data: 1\n\n'))).toString()).toBe('data: 1\n\n');
  });
});
