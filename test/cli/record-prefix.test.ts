/**
 * The recorder keeps only the printed start of an HTTP error body (src/cli/record-prefix.ts): the text it prints is
 * exactly what joining the whole body gave before, and while a server sends 64 MB of error text the recorder's heap
 * does not grow with it (it held every read's text until the end: 184 MB of strings at 52 MB received).
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { PRINTED, PrintedPrefix } from '../../src/cli/record-prefix';
import { record } from '../../src/cli/record-run';
import { startHostileServer } from './hostile-server';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
setFlagsFromString('--no-expose-gc');

const dir = mkdtempSync(join(tmpdir(), 'streamscope-prefix-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const enc = new TextEncoder();

describe('PrintedPrefix', () => {
  it('prints what the whole body gave, from reads cut anywhere (in characters too), holding at most one read past the limit', () => {
    const text = fc.array(fc.oneof(fc.constantFrom(' ', '  \n\t', '\u2028', 'é', '日本', '🙂', 'word'), fc.string({ maxLength: 8 })), { maxLength: 120 }).map((p) => p.join(''));
    fc.assert(
      fc.property(text, fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 10 }), (body, cuts) => {
        const bytes = enc.encode(body);
        const prefix = new PrintedPrefix();
        let most = 0;
        for (let at = 0, k = 0; at < bytes.length; k++) {
          const next = Math.min(bytes.length, at + (cuts[k % cuts.length] ?? 1));
          prefix.push(bytes.subarray(at, next));
          most = Math.max(most, prefix.retained);
          at = next;
        }
        expect(prefix.text()).toBe(body.replace(/\s+/g, ' ').trim().slice(0, PRINTED));
        expect(most).toBeLessThanOrEqual(PRINTED + 40);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('record against 64 MB of error text', () => {
  it('the heap does not grow with the body; the message prints its first 200 characters', async () => {
    const server = await startHostileServer();
    try {
      const out = join(dir, 'big-error.jsonl');
      gc();
      const before = process.memoryUsage().heapUsed;
      const running = record({ wire: 'openai-chat', url: new URL(`${server.base}/big-error?mb=64`), method: 'POST', bodyFile: 'x', body: {}, out, headers: [], redact: [], timeoutMs: 120_000 });
      // the server holds the end once all 64 MB are sent; the recording then holds them all (JSON-escaped, larger)
      const temp = () => readdirSync(dir).find((f) => f.startsWith('big-error.jsonl'));
      for (;;) {
        const t = temp();
        if (t && statSync(join(dir, t)).size > 64 << 20) break;
        await sleep(50);
      }
      gc();
      const grown = process.memoryUsage().heapUsed - before;
      console.log(`heap grown by ${(grown / 1048576).toFixed(1)} MB with 64 MB of error body received`);
      expect(grown).toBeLessThan(16 << 20);
      server.release();
      const r = await running;
      expect(r.exitCode).toBe(1);
      const body = /from http:\/\/127\.0\.0\.1:\d+\/big-error\?mb=64: (.*) \(status and body written to /.exec(r.message)?.[1];
      expect(body).toBe('overloaded please retry '.repeat(9).slice(0, PRINTED));
    } finally {
      await server.close();
    }
  });
});
