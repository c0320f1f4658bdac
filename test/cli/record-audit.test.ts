/**
 * The recorder's last pass: a file that still holds a credential value is not kept. Here the scrubbers are switched
 * off (mocked to pass everything through) so that only the last pass stands between the echo and the file; and
 * findSecret on hand-made files (text, JSON-escaped, bytes events, a value split across events).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { record } from '../../src/cli/record-run';
import { findSecret, secretForms } from '../../src/cli/record-scrub';
import { KEY, startServers, type Servers } from './record-servers';

vi.mock('../../src/cli/record-scrub', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/cli/record-scrub')>();
  class PassThrough {
    setSecrets() {}
    push(chunk: Uint8Array) {
      return chunk;
    }
    flush() {
      return new Uint8Array(0);
    }
  }
  return { ...real, StreamScrubber: PassThrough, scrubText: (t: string) => t, scrubValue: (v: unknown) => v };
});

let servers: Servers;
beforeAll(async () => {
  servers = await startServers();
});
afterAll(() => servers.close());
const dir = mkdtempSync(join(tmpdir(), 'streamscope-audit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('with the scrubbers off', () => {
  it.each(['/split', '/invalid-utf8'])('%s: the file is refused and removed, and the message says where', async (path) => {
    const out = join(dir, `audit${path.replace('/', '-')}.jsonl`);
    const r = await record({
      wire: 'openai-chat',
      url: new URL(servers.a + path),
      method: 'POST',
      bodyFile: 'x',
      body: {},
      out,
      headers: [['x-api-key', KEY]],
      redact: [],
      timeoutMs: 10_000,
    });
    expect(r.exitCode).toBe(1);
    expect(r.message).toMatch(new RegExp(`^refused to keep .*${path.slice(1)}\\.jsonl: a credential value was still in (the text|a bytes event|the response body) at line \\d+; the file was removed$`));
    expect(r.message).not.toContain(KEY);
    expect(existsSync(out)).toBe(false);
  });
});

describe('with the scrubbers off, replacing a file (--force)', () => {
  it('a refused recording removes only its own temporary file: the file it was to replace stays as it was', async () => {
    const out = join(dir, 'kept-on-refusal.jsonl');
    writeFileSync(out, 'the recording I kept\n');
    const r = await record({ wire: 'openai-chat', url: new URL(`${servers.a}/split`), method: 'POST', bodyFile: 'x', body: {}, out, headers: [['x-api-key', KEY]], redact: [], timeoutMs: 10_000, force: true });
    expect(r.exitCode).toBe(1);
    expect(r.message).toMatch(/^refused to keep .*kept-on-refusal\.jsonl: a credential value was still in/);
    expect(readFileSync(out, 'utf8')).toBe('the recording I kept\n');
    expect(readdirSync(dir).filter((f) => f.startsWith('kept-on-refusal.jsonl.partial'))).toEqual([]);
  });
});

describe('findSecret', () => {
  const { secrets } = secretForms(['sk-abc"def/123']);
  const head = '{"streamscope":1,"wire":"openai-chat"}';
  const req = '[0,"req",{"turn":0}]';
  const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');
  it.each([
    ['clean', [head, req, '[1,"chunk","data: 1\\n\\n"]'], null],
    ['in a chunk, JSON-escaped', [head, req, `[1,"chunk",${JSON.stringify('data: sk-abc"def/123\n\n')}]`], { line: 3, where: 'text' }],
    ['in the end note', [head, req, '[1,"end",{"status":"error","note":"key sk-abc\\"def/123"}]'], { line: 3, where: 'text' }],
    ['in a bytes event with invalid UTF-8', [head, req, `[1,"bytes","${b64(Buffer.concat([Buffer.from([0xff]), Buffer.from('sk-abc"def/123')]))}"]`], { line: 3, where: 'bytes' }],
    ['split across a chunk and a bytes event', [head, req, '[1,"chunk","sk-abc\\"d"]', `[2,"bytes","${b64(Buffer.concat([Buffer.from('ef/123'), Buffer.from([0xe6])]))}"]`], { line: 2, where: 'body' }],
    ['split across turns is not one body', [head, req, '[1,"chunk","sk-abc\\"d"]', req, '[2,"chunk","ef/123"]'], null],
  ])('%s', (_, lines, found) => expect(findSecret(lines.join('\n'), secrets)).toEqual(found));
});
