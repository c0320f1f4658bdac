// A recording with zero frames is never "ok": every strategy is n/a with the reason 'no-frames' (worded by 'na.no-frames'),
// which the conclusion line and the CLI word as "no frames".
import { describe, expect, it } from 'vitest';
import { analyzeInput } from '../../../src/core/session/session';
import { STRATEGY_IDS } from '../../../src/core/types';
import { inspectJson } from '../../../src/cli/inspect-json';
import { inspectSummary } from '../../../src/cli/inspect-summary';
import { translate } from '../../../src/i18n';

const CASES: [string, string, string][] = [
  ['an SSE file of comments only', ': keep-alive\n: keep-alive\n', 'x.sse'],
  ['a text file named .sse with no field', 'hello world\n', 'x.sse'],
  ['a recording with a req and no chunk', '{"streamscope":1,"wire":"openai-chat"}\n[0,"req",{}]\n[5,"end",{"status":"complete"}]\n', 'x.jsonl'],
];

describe('zero frames', () => {
  it.each(CASES)('%s: every strategy is n/a (no-frames), none ok', (_label, text, name) => {
    const r = analyzeInput(text, name);
    if (!r.ok) return expect.fail(r.error.message);
    const s = r.session;
    expect(s.frames.count).toBe(0);
    for (const id of STRATEGY_IDS) {
      const run = s.strategies[id];
      expect(run.verdict, id).toBe('n/a');
      expect(run.naReason, id).toBe('no-frames');
      for (const v of run.verdicts) expect(v.verdict).toBe('n/a');
    }
    const json = inspectJson(s);
    expect(json.strategies.every((x) => !x.ok && !x.applicable)).toBe(true);
    expect(inspectSummary(s, name)).toMatch(/no frames/);
  });

  it('the reason is worded in en and zh', () => {
    expect(translate('en', 'na.no-frames')).toMatch(/no frames/);
    expect(translate('zh', 'na.no-frames')).toMatch(/没有任何帧/);
  });
});
