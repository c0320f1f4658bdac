/**
 * What a server says reaches the terminal escaped (src/cli/terminal-safe.ts, used by record.ts): a status text and
 * an error body with clear-screen, retitle and colour sequences, CSI as a C1 control, RLO, U+2028 and U+200B; a
 * Content-Type with C1 and bidi bytes. The recording itself keeps the bytes as they came. And `inspect`'s summary
 * escapes the same characters in what a recording controls (its provenance, an event's name).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVIL_BODY, startHostileServer, type HostileServer } from './hostile-server';
import { inspect, recordCli } from './run-cli';

/** Any code point a terminal acts on: C0 but LF, DEL, C1, bidi controls, U+200B, U+2028/2029, lone surrogates. */
// eslint-disable-next-line no-control-regex -- the point of the test
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const dir = mkdtempSync(join(tmpdir(), 'streamscope-term-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const bodyFile = join(dir, 'request.json');
writeFileSync(bodyFile, '{"model":"m"}');
let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(() => server.close());

describe('record: what the server says, on the terminal', () => {
  it('a status text and an error body full of escape sequences are printed escaped, on one line', async () => {
    const out = join(dir, 'status.jsonl');
    const r = await recordCli(['--wire', 'openai-chat', '--url', `${server.base}/escape-status`, '--body', bodyFile, '--out', out]);
    expect(r.code).toBe(1);
    expect(r.err).not.toMatch(RAW);
    const lines = r.err.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('HTTP 500 \\u001b[2J\\u001b]0;pwned\\u0007\\u001b[31m FAKE OK from http://127.0.0.1:');
    // (U+2028 is whitespace to the message, which makes each run of whitespace one space)
    expect(lines[1]).toContain(': {"error":"\\u001b[2J\\u001b]0;pwned\\u0007\\u001b[31m FAKE OK \\u009b31m \\u202eevil.exe next\\u200bline"}');
    // the recording keeps what came, as data (escaped by JSON, not changed)
    const text = readFileSync(out, 'utf8');
    const events = text.trimEnd().split('\n').slice(1).map((l) => JSON.parse(l) as [number, string, unknown]);
    expect(events.filter((e) => e[1] === 'chunk').map((e) => e[2]).join('')).toBe(EVIL_BODY);
    expect(events.at(-1)?.[2]).toEqual({ status: 'error', note: 'HTTP 500 \u001b[2J\u001b]0;pwned\u0007\u001b[31m FAKE OK' });
  });

  it('a Content-Type with C1 and bidi bytes is warned about escaped', async () => {
    const r = await recordCli(['--wire', 'openai-chat', '--url', `${server.base}/escape-type`, '--body', bodyFile, '--out', join(dir, 'type.jsonl')]);
    expect(r.code).toBe(0);
    expect(r.err).not.toMatch(RAW);
    expect(r.err).toContain('record: warning: content-type is "text/plain \u00c2\\u009b2J \u00e2\\u0080\u00ae", not text/event-stream');
  });
});

describe('inspect: what a recording says, in the summary', () => {
  it('U+200B, U+2028/2029, ESC and RLO in the provenance and in an event name are escaped', async () => {
    const file = join(dir, 'hidden.jsonl');
    const source = 'docs\u200bhidden\u2028line\u2029para \u001b]0;pwned\u0007 \u202eexe';
    const lines = [
      JSON.stringify({ streamscope: 1, wire: 'openai-chat', title: { zh: 't', en: 't' }, provenance: { kind: 'captured', source } }),
      JSON.stringify([0, 'req', { turn: 0 }]),
      JSON.stringify([1, 'chunk', 'event: odd\u200b\u2028name\ndata: {}\n\n']),
      JSON.stringify([2, 'chunk', 'data: [DONE]\n\n']),
    ];
    writeFileSync(file, lines.join('\n') + '\n');
    const r = await inspect(file, '--lang', 'en');
    expect(r.code).toBe(0);
    expect(r.out).not.toMatch(RAW);
    expect(r.out).toContain('docs\\u200bhidden\\u2028line\\u2029para \\u001b]0;pwned\\u0007 \\u202eexe');
  });
});
