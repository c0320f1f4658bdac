// The matrix's fault rows (issue 31): which lesson faults a recording is graded under (ui/matrix/faultRows.ts), and
// a row computed with faults is exactly core's analysis of the faulted recording (worker/matrixRow.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { analyzeText } from '../../src/core/session/analyze';
import { STRATEGY_IDS } from '../../src/core/types';
import { lessonFaults, lineOf } from '../../src/ui/matrix/faultRows';
import { matrixCell, matrixRow } from '../../src/worker/matrixRow';

const text = (id: string) => readFileSync(`public/recordings/${id}.jsonl`, 'utf8');

describe('the matrix under faults', () => {
  test('lessonFaults: call-index faults only where the wire has call indices; the cut at the middle frame', () => {
    expect(lessonFaults('openai-chat', 40)).toEqual(['interleave', 'reuse-index', 'rechunk:3', 'split-utf8', 'cut:20']);
    expect(lessonFaults('anthropic-messages', 41)).toEqual(['rechunk:3', 'split-utf8', 'cut:20']);
    expect(lessonFaults('gemini', 2)).toEqual(['rechunk:3', 'split-utf8']);
    const rec = { id: 'p', file: 'p.jsonl', group: 'lesson', title: { en: 'P', zh: 'P' }, summary: { en: '', zh: '' } } as Parameters<typeof lineOf>[0];
    expect(lineOf(rec).key).toBe('p');
    expect(lineOf(rec, ['interleave']).key).toBe('p+interleave');
  });

  test.each(['parallel-probe', 'anthropic-docs'])('%s: every fault row is core’s verdict of the faulted recording, and differs from the plain row somewhere', (id) => {
    const plain = matrixRow(id, text(id), `${id}.jsonl`);
    if (!plain.ok) throw new Error(plain.message);
    let differs = 0;
    for (const spec of lessonFaults(plain.wire, plain.frames)) {
      const row = matrixRow(id, text(id), `${id}.jsonl`, [spec]);
      if (!row.ok) throw new Error(`${spec}: ${row.message}`);
      const r = analyzeText(text(id), `${id}.jsonl`, { faults: [spec] });
      if (!r.ok) throw new Error(spec);
      const noCall = r.session.anomalies.find((a) => a.code === 'finish-tool-calls-without-call');
      for (const sid of STRATEGY_IDS) {
        expect(row.cells[sid], `${spec} ${sid}`).toEqual(matrixCell(r.session.strategies[sid], noCall));
        if (JSON.stringify(row.cells[sid]) !== JSON.stringify(plain.cells[sid])) differs++;
      }
    }
    expect(differs).toBeGreaterThan(0);
  });

  test('a fault that cannot apply makes an unreadable row naming it, not a throw', () => {
    const row = matrixRow('p', text('parallel-probe'), 'parallel-probe.jsonl', ['cut:99999']);
    expect(row.ok).toBe(false);
    if (!row.ok) expect(row.message).toMatch(/99999|frame/);
  });
});
