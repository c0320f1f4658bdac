import { describe, expect, it } from 'vitest';
import { Packer, packChunks } from '../../../src/core/load/pack';
import { chunkList } from '../../../src/core/chunk-table';

// A turn's buffer must not reserve 64 KiB up front; it grows on demand and keeps about its bytes.
describe('Packer grows on demand', () => {
  it('a tiny turn keeps a buffer near its size', () => {
    const p = new Packer();
    p.add('data: {"a":1}\n\n');
    const v = p.views();
    expect(new TextDecoder().decode(v[0])).toBe('data: {"a":1}\n\n');
    expect(v[0]!.buffer.byteLength).toBeLessThan(1024);
  });

  it('many payloads grow the buffer, stay contiguous and are trimmed', () => {
    const p = new Packer();
    const parts: string[] = [];
    for (let i = 0; i < 5000; i++) parts.push(`data: {"i":${i},"t":"é€"}\n\n`);
    for (const s of parts) p.add(s);
    p.add(new Uint8Array([0xff, 0xfe]));
    const v = p.views();
    expect(v).toHaveLength(parts.length + 1);
    const total = v.reduce((n, x) => n + x.length, 0);
    expect(v[0]!.buffer).toBe(v[v.length - 1]!.buffer);
    expect(v[0]!.buffer.byteLength).toBeLessThanOrEqual(total + (total >> 3) + 64);
    expect(new TextDecoder().decode(v[4999])).toBe(parts[4999]);
    expect([...v[5000]!]).toEqual([0xff, 0xfe]);
  });

  it('100,000 tiny turns keep memory near their bytes', () => {
    let kept = 0;
    let bytes = 0;
    for (let t = 0; t < 100_000; t++) {
      const p = new Packer();
      p.add('data: {}\n\n');
      const v = p.views();
      bytes += v[0]!.length;
      kept += v[0]!.buffer.byteLength;
    }
    expect(kept).toBeLessThan(bytes * 30);
    expect(packChunks(['ab', 'c'])).toHaveLength(2);
  });
});

describe('a .jsonl recording of many turns', () => {
  it('keeps every chunk in one buffer, each turn contiguous (one ArrayBuffer for the file, not one per turn)', async () => {
    const { load } = await import('../../../src/core/load');
    const lines = ['{"streamscope":1}'];
    for (let t = 0; t < 1000; t++) lines.push(`[${t},"req",{}]`, `[${t},"chunk","data: {\\"t\\":${t}}\\n\\n"]`, `[${t},"chunk","data: é\\n\\n"]`);
    const r = load(lines.join('\n') + '\n', 'many.jsonl');
    if (!r.ok) throw new Error(r.error.message);
    const turns = r.recording.turns;
    expect(turns).toHaveLength(1000);
    const buffers = new Set(turns.flatMap((t) => chunkList(t.chunks).map((c) => c.bytes.buffer)));
    expect(buffers.size).toBe(1);
    const [a, b] = chunkList(turns[999]!.chunks);
    expect(new TextDecoder().decode(a!.bytes)).toBe('data: {"t":999}\n\n');
    expect(b!.bytes.byteOffset).toBe(a!.bytes.byteOffset + a!.bytes.length);
    expect(new TextDecoder().decode(b!.bytes)).toBe('data: é\n\n');
  });
});
