/**
 * Redaction by name pattern: every header and query parameter whose name contains key,
 * token, secret, auth, signature, password or credential (and the query parameter `code`) is written redacted.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { isCredentialHeader, redactUrl } from '../../src/cli/record-redact';

describe('credential names', () => {
  it.each(['apikey', 'api_key', 'x-apikey', 'X-Auth', 'Authentication', 'X-Custom-Token', 'X-Client-Secret', 'X-Signature', 'X-Password', 'X-Credential'])(
    'header %s is a credential',
    (name) => expect(isCredentialHeader(name)).toBe(true),
  );
  it.each(['X-Trace', 'Accept', 'content-type'])('header %s is not', (name) => expect(isCredentialHeader(name)).toBe(false));
  it.each(['client_secret', 'refresh_token', 'code', 'X-Amz-Signature', 'X-Amz-Credential', 'api_key', 'password'])('query parameter %s is redacted', (name) => {
    const shown = redactUrl(new URL(`https://h.example/p?alt=sse&${name}=value-0123456789`));
    expect(shown).not.toContain('value-0123456789');
    expect(shown).toContain('alt=sse');
  });
});

describe('a password in the URL', () => {
  it('is sent as Basic Authorization and never reaches the end note, the message or the file', async () => {
    const { record } = await import('../../src/cli/record-run');
    const { createServer } = await import('node:http');
    const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    let auth: string | undefined;
    const server = createServer((req, res) => {
      auth = req.headers.authorization;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('data: [DONE]\n\n');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const outDir = mkdtempSync(join(tmpdir(), 'streamscope-userinfo-'));
    onTestFinished(() => rmSync(outDir, { recursive: true, force: true }));
    const out = join(outDir, 'u.jsonl');
    const pw = 'pw-secret-0123456789';
    const r = await record({ wire: 'openai-chat', url: new URL(`http://user:${pw}@127.0.0.1:${port}/v1`), method: 'POST', bodyFile: 'x', body: {}, out, headers: [], redact: [], timeoutMs: 5000 });
    await new Promise<void>((done) => server.close(() => done()));
    expect(r.exitCode).toBe(0);
    expect(auth).toBe(`Basic ${Buffer.from(`user:${pw}`).toString('base64')}`);
    const text = readFileSync(out, 'utf8');
    for (const s of [pw, Buffer.from(`user:${pw}`).toString('base64')]) {
      expect(text).not.toContain(s);
      expect(r.message).not.toContain(s);
    }
    expect(text).toContain('"Authorization":"[redacted]"');
  });
});
