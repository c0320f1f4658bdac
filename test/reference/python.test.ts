// The Python reference (src/reference/py, standard library only) prints, for every shipped recording, the same
// trace as the TypeScript reference (and so as the fast strategies: ./differential.test.ts): the same buffers and
// fragments (positions in UTF-16 units, as JavaScript counts), attempts (Python's json.loads and JavaScript's
// JSON.parse agree on ok / failed here) and ready calls. Runs Debian's python3 (.ci/run installs it when missing).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../src/core/session/analyze';
import { STRATEGY_IDS } from '../../src/core/types';
import { refTurns, runReference } from '../../src/reference/turns';

const RECORDINGS = readdirSync('public/recordings').filter((n) => n.endsWith('.jsonl'));
const PYTHON = process.env.PYTHON ?? 'python3';

function python(input: string): Record<string, unknown> {
  try {
    const out = execFileSync(PYTHON, ['src/reference/py/run.py'], { input, maxBuffer: 256 * 1024 * 1024, timeout: 60_000 });
    return JSON.parse(out.toString('utf8')) as Record<string, unknown>;
  } catch (e) {
    throw new Error(`${PYTHON} src/reference/py/run.py failed (install python3: apt-get install -y python3): ${e instanceof Error ? e.message : String(e)}`);
  }
}

describe('the Python reference prints what the TypeScript reference logs', () => {
  it.each(RECORDINGS)('%s', (name) => {
    const r = analyzeText(readFileSync(`public/recordings/${name}`, 'utf8'), name);
    if (!r.ok) throw new Error(r.error.message);
    const turns = refTurns(r.session);
    const printed = python(JSON.stringify({ turns }));
    for (const id of STRATEGY_IDS) expect(printed[id], `${name} · ${id}`).toEqual(JSON.parse(JSON.stringify(runReference(id, turns))));
  });

  it('a stream with characters outside the BMP and a cut call: positions in UTF-16 units, the same verdicts', () => {
    const turns = [
      {
        turn: 0,
        wire: 'openai-chat',
        end: 4,
        events: [
          { frame: 0, kind: 'start', key: '0', id: 'a', name: 'say' },
          { frame: 1, kind: 'args', key: '0', text: '{"t": "😀' },
          { frame: 2, kind: 'args', key: '0', text: ' é"}' },
          { frame: 3, kind: 'start', key: '1', id: 'b', name: 'say' },
          { frame: 3, kind: 'args', key: '1', text: '{"t": NaN}' },
          { frame: 4, kind: 'finish', key: '' },
        ],
      },
    ] as const;
    const printed = python(JSON.stringify({ turns }));
    for (const id of STRATEGY_IDS) expect(printed[id], id).toEqual(JSON.parse(JSON.stringify(runReference(id, turns as never))));
  });
});
