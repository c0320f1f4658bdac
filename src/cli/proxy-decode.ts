/**
 * What the recording keeps of a compressed response: the decoded bytes. The client still gets the bytes as they
 * came (compressed, with their Content-Encoding); only the copy written to the file is decoded.
 *
 * Contract: `decodingTap(encoding, out)` returns `push(chunk)` / `finish()`. Without a Content-Encoding (or
 * `identity`) each pushed read is handed to `out` at once, unchanged. For gzip, x-gzip, deflate and br the copy goes
 * through node:zlib and `out` gets the decoded bytes as zlib gives them out (in the same or the next turn of the
 * event loop; their time is when they came out). Any other encoding is handed on as it came, and `finish()` says
 * so. `finish()` resolves once every decoded byte has been handed to `out`, to a note for the turn's `end` when
 * something could not be decoded (or undefined). Never throws.
 */
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

export interface Tap {
  push(chunk: Uint8Array): void;
  finish(): Promise<string | undefined>;
}

export function decodingTap(encoding: string | undefined, out: (bytes: Uint8Array) => void): Tap {
  const name = (encoding ?? '').trim().toLowerCase();
  if (name === '' || name === 'identity') return { push: out, finish: () => Promise.resolve(undefined) };
  const make: (() => Transform) | undefined = name === 'gzip' || name === 'x-gzip' ? createGunzip : name === 'deflate' ? createInflate : name === 'br' ? createBrotliDecompress : undefined;
  if (!make) {
    return { push: out, finish: () => Promise.resolve(`content-encoding ${JSON.stringify(name)}: the reads are written as they came, not decoded`) };
  }
  const z = make();
  let failed: string | undefined;
  const settled = new Promise<string | undefined>((resolve) => {
    z.on('data', (d: Buffer) => out(d));
    z.on('end', () => resolve(failed));
    z.on('error', (e) => {
      failed = `content-encoding ${name}: the body could not be decoded (${e.message}); what was decoded before is written`;
      resolve(failed);
    });
  });
  return {
    push(chunk) {
      if (failed === undefined) z.write(chunk);
    },
    finish() {
      if (failed === undefined) z.end();
      return settled;
    },
  };
}
