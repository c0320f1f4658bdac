// Every shipped recording through every fault, then the analysis: nothing crashes, and the faults that keep the
// stream's meaning keep every strategy's calls.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyFaults } from '../../../src/core/faults';
import { load } from '../../../src/core/load';
import { analyze } from '../../../src/core/session/session';
import { STRATEGY_IDS, type Recording, type Session } from '../../../src/core/types';

const dir = join(__dirname, '../../../public/recordings');
const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));

function read(file: string): Recording {
  const r = load(readFileSync(join(dir, file), 'utf8'), file);
  if (!r.ok) throw new Error(`${file}: ${r.error.message}`);
  return r.recording;
}

const callsOf = (s: Session) =>
  STRATEGY_IDS.map((id) => [id, s.strategies[id].verdict, s.strategies[id].calls.map((c) => [c.turn, c.key, c.id, c.name, c.argsText])]);

describe.runIf(files.length > 0)('faults on the shipped recordings', () => {
  it.each(files)('%s: meaning-keeping faults keep every strategy’s verdict and calls (rechunk aside)', (file) => {
    const rec = read(file);
    const before = analyze(rec);
    for (const fault of ['split-utf8', 'crlf', 'bursts:100', 'stall:1:300']) {
      const r = applyFaults(rec, [fault], 3);
      if (!r.ok) {
        expect(r.issue.code, `${file} ${fault}: ${r.error}`).toBe('no-such-frame');
        continue;
      }
      expect(callsOf(analyze(r.recording)), `${file} ${fault}`).toEqual(callsOf(before));
    }
  });

  it.each(files)('%s: every fault applies or refuses with a named reason, and the analysis reads the result', (file) => {
    const rec = read(file);
    const frames = analyze(rec).frames.count;
    const perCall = analyze(rec).strategies['per-call-buffer'];
    for (const fault of ['rechunk:3', `cut:${frames >> 1}`, 'drop:0', 'interleave', 'reuse-index']) {
      const r = applyFaults(rec, [fault]);
      if (!r.ok) {
        expect(['wrong-wire', 'no-such-frame', 'unknown-wire'], `${file} ${fault}: ${r.error}`).toContain(r.issue.code);
        continue;
      }
      const after = analyze(r.recording);
      expect(after.frames.count).toBeGreaterThan(0);
      if (fault === 'rechunk:3' && perCall.verdict === 'ok') {
        expect(after.strategies['per-call-buffer'].calls.map((c) => c.argsText)).toEqual(perCall.calls.map((c) => c.argsText));
      }
    }
  });
});
