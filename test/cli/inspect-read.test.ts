// How `npm run inspect` reads a file: as a stream the loader pulls a piece at a time (4 MB), the .jsonl reader
// letting go of each piece once read, and the chunk bytes let go once decoded. None of it may change the report: it
// must be what analyzing the file's whole bytes gives, on every shipped recording and on a file of many pieces.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectJsonText } from '../../src/cli/inspect-json';
import { load } from '../../src/core/load';
import { analyze } from '../../src/core/session/session';
import { main } from '../../src/cli/inspect';
import { inspect as run } from './run-cli';

const tmp = mkdtempSync(join(tmpdir(), 'inspect-read-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The --json report from the file's whole bytes, loaded and analyzed in memory (no stream, nothing let go). */
function wholeReport(file: string): string {
  const loaded = load(readFileSync(file), file.split('/').pop());
  if (!loaded.ok) throw new Error(loaded.error.message);
  return `${inspectJsonText(analyze(loaded.recording))}\n`;
}

describe('inspect reads a file a piece at a time', () => {
  it('every shipped recording: the report its whole bytes give', async () => {
    const dir = 'public/recordings';
    const files = readdirSync(dir).filter((f) => /\.(jsonl|sse)$/.test(f));
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      const r = await run(join(dir, f), '--json');
      expect(r.code, f).toBe(0);
      expect(r.out, f).toBe(wholeReport(join(dir, f)));
    }
  });

  it('a .jsonl file of many pieces (about 18 MB), lines cut by every piece boundary: the same report', async () => {
    const lines = ['{"streamscope":1,"wire":"openai-chat","provenance":{"kind":"synthetic"}}', '[0,"req",{"turn":0}]'];
    const chunk = (delta: object, finish: string | null = null) => `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    let t = 1;
    for (let i = 0; i < 40_000; i++) lines.push(JSON.stringify([t++, 'chunk', chunk({ content: `tök ${i} ${'x'.repeat(i % 600)}` })]));
    lines.push(JSON.stringify([t++, 'chunk', chunk({ tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { name: 'f', arguments: '{"a":' } }] })]));
    lines.push(JSON.stringify([t++, 'chunk', chunk({ tool_calls: [{ index: 0, function: { arguments: '"é"}' } }] })]));
    lines.push(JSON.stringify([t++, 'chunk', chunk({}, 'tool_calls') + 'data: [DONE]\n\n']), JSON.stringify([t, 'end', { status: 'complete' }]));
    const file = join(tmp, 'many-pieces.jsonl');
    writeFileSync(file, lines.join('\n') + '\n');
    expect(readFileSync(file).length).toBeGreaterThan(3 * 4 * 1024 * 1024);
    const r = await run(file, '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.frames).toBe(40_004);
    expect(j.strategies.find((s: { id: string }) => s.id === 'per-call-buffer').calls[0]).toMatchObject({ id: 'c1', arguments: { a: 'é' } });
    expect(r.out).toBe(wholeReport(file));
  });

  it("the entry's full GC runs after decoding and before each strategy folded for the report, and changes nothing in it", async () => {
    const file = 'public/recordings/parallel-probe.jsonl';
    let out = '';
    let collections = 0;
    const code = await main([file, '--json'], { stdout: (t) => (out += t), stderr: () => {} }, { collectGarbage: () => collections++ });
    expect(code).toBe(0);
    // once after decoding, then once before each of the five folds (six strategies, one pair folded once)
    expect(collections).toBe(6);
    expect(out).toBe(wholeReport(file));
    // not on a failure before decoding
    const bad = await main(['no/such/file.jsonl', '--json'], { stdout: () => {}, stderr: () => {} }, { collectGarbage: () => collections++ });
    expect(bad).toBe(2);
    expect(collections).toBe(6);
    // the text summary computes every strategy with the session: only the collection after decoding
    collections = 0;
    expect(await main([file], { stdout: () => {}, stderr: () => {} }, { collectGarbage: () => collections++ })).toBe(0);
    expect(collections).toBe(1);
  });

  it('a directory: one line saying so (the read fails inside the stream, not as a load error)', async () => {
    const d = join(tmp, 'a-dir.jsonl');
    mkdirSync(d);
    const r = await run(d);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`inspect: cannot read ${d}: it is a directory\n`);
  });

  it('nothing after decoding reads the chunk bytes (what letting them go relies on): bytes overwritten there change nothing', () => {
    const dir = 'public/recordings';
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.jsonl'))) {
      const bytes = readFileSync(join(dir, f));
      const a = load(bytes, f);
      const b = load(bytes, f);
      if (!a.ok || !b.ok) throw new Error(f);
      const clean = analyze(a.recording);
      let calls = 0;
      const poisoned = analyze(b.recording, {
        onDecoded: () => {
          calls++;
          for (const t of b.recording.turns) t.chunks.bytes.fill(0x7b); // '{': bytes that would read as something
        },
      });
      expect(calls, f).toBe(1);
      expect(b.recording.turns.every((t) => t.chunks.bytes.every((x) => x === 0x7b)), f).toBe(true);
      const { recording: _r1, ...rest1 } = clean;
      const { recording: _r2, ...rest2 } = poisoned;
      expect(rest2, f).toEqual(rest1);
    }
  });
});
