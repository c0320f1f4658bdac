// A large SSE file is decoded once: its format is told from a decoded head, and only the SSE reader decodes the
// whole (the analysis used to decode every byte twice). Other formats, and heads that cannot decide, read the whole.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { load } from '../../../src/core/load';
import { analyzeInput } from '../../../src/core/session/session';

const enc = new TextEncoder();
const sse = (n: number, lead = ''): Uint8Array =>
  enc.encode(lead + Array.from({ length: n }, (_, i) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: `tök ${i}` } }] })}\n\n`).join(''));

/** How many times bytes of at least `size` were decoded during `fn`. */
function wholeDecodes(size: number, fn: () => void): number {
  const real = TextDecoder.prototype.decode;
  let n = 0;
  const spy = vi.spyOn(TextDecoder.prototype, 'decode').mockImplementation(function (this: TextDecoder, input?: AllowSharedBufferSource, opts?: TextDecodeOptions) {
    if (input !== undefined && input.byteLength >= size) n++;
    return real.call(this, input, opts);
  });
  try {
    fn();
  } finally {
    spy.mockRestore();
  }
  return n;
}

afterEach(() => vi.restoreAllMocks());

describe('decoding a large file once', () => {
  it('an SSE file of 780 KB: one whole decode from bytes to the analysis', () => {
    const bytes = sse(12_000);
    expect(bytes.length).toBeGreaterThan(500_000);
    let frames = 0;
    expect(
      wholeDecodes(bytes.length, () => {
        const r = analyzeInput(bytes, 'big.sse');
        if (r.ok) frames = r.session.frames.count;
      }),
    ).toBe(1);
    expect(frames).toBe(12_000);
  });

  it('reads the same recording as from the decoded string, BOM and leading blank lines included', () => {
    for (const lead of ['', '\ufeff', '\n\n\n', ' '.repeat(70_000) + '\n']) {
      const bytes = sse(3_000, lead);
      const a = load(bytes, 'x.sse');
      const b = load(new TextDecoder().decode(bytes), 'x.sse');
      expect(a.ok && b.ok).toBe(true);
      if (a.ok && b.ok) expect(a.recording.issues).toEqual(b.recording.issues);
      const s = analyzeInput(bytes, 'x.sse');
      expect(s.ok && s.session.frames.count).toBe(3_000);
    }
  });

  it('a large .jsonl or unknown file is still read whole', () => {
    const jsonl = enc.encode(`{"streamscope":1}\n` + Array.from({ length: 3_000 }, (_, i) => `[${i * 10},"data: {\\"n\\":${i}}\\n\\n"]`).join('\n') + '\n');
    const r = load(jsonl, 'x.jsonl');
    expect(r.ok).toBe(true);
    const other = load(enc.encode('hello '.repeat(20_000)), 'x.bin');
    expect(other.ok).toBe(false);
    if (!other.ok) expect(other.error.code).toBe('unknown-format');
  });
});
