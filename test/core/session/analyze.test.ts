// analyze() on the shipped recordings: verdicts against each header's `expect` (written by the recordings' author),
// the lesson's published figures, laziness, structured-cloneability, and no throw on hostile input.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../../src/core/session/analyze';
import { analyze, isPending, withStrategies } from '../../../src/core/session/session';
import { load } from '../../../src/core/load';
import type { Session } from '../../../src/core/types';
import { attemptRows } from '../../../src/core/strategies/attempts';
import { english } from '../../../src/core/load/english';

const DIR = 'public/recordings';
const files = readdirSync(DIR).filter((f) => f.endsWith('.jsonl'));
const session = (f: string): Session => {
  const r = analyzeText(readFileSync(`${DIR}/${f}`), f);
  if (!r.ok) throw new Error(`${f}: ${r.error.message}`);
  return r.session;
};

describe('shipped recordings', () => {
  it('there are recordings to check', () => expect(files.length).toBeGreaterThan(5));
  it.each(files)('%s: every strategy gets the verdict its header expects', (f) => {
    const s = session(f);
    const want = s.recording.header.expect ?? {};
    expect(Object.keys(want).length).toBeGreaterThan(0);
    const got = Object.fromEntries(Object.entries(want).map(([id]) => [id, s.strategies[id as keyof Session['strategies']]?.verdict]));
    expect(got).toEqual(want);
  });
});

describe('the lesson figures (seeds/001, reference section 5)', () => {
  it('parallel probe: 6 frames, first at 323.8 ms, last at 547.3 ms; two read_file calls each whole in one frame', () => {
    const s = session('parallel-probe.jsonl');
    const t = s.timings[0];
    expect([t?.frameCount, t?.firstFrameMs, t?.lastFrameMs]).toEqual([6, 323.8, 547.3]);
    expect(s.carried.map((c) => c.name)).toEqual(['read_file', 'read_file']);
    expect(attemptRows(s.strategies['parse-each-fragment']).every((a) => a.ok)).toBe(true);
    expect(s.strategies['shared-buffer'].verdicts[0]?.error).toMatch(/^Unexpected non-whitespace character after JSON/);
  });

  it('agent run: 9 turns; turn 7 has 108 frames, an 885.8 ms silence and finish tool_calls with no call; inputs add up to 15,921', () => {
    const s = session('agent-run.jsonl');
    expect(s.timings).toHaveLength(9);
    const t7 = s.timings[6];
    expect(t7?.frameCount).toBe(108);
    expect(Math.round((t7?.longestGapMs ?? 0) * 10) / 10).toBe(885.8);
    expect(t7?.gaps).toHaveLength(1);
    expect(t7?.anomalies.map((a) => a.code)).toContain('finish-tool-calls-without-call');
    for (const t of s.timings.slice(0, 6)) {
      expect(t.frameCount).toBe(4);
      expect(t.firstFrameMs).toBeGreaterThanOrEqual(323);
      expect(t.firstFrameMs).toBeLessThanOrEqual(519);
    }
    expect(s.timings.reduce((n, t) => n + (t.usage?.inputTokens ?? 0), 0)).toBe(15921);
  });

  it('thinking turn: 706 frames; first frame 125.9 ms (reasoning), first text 6,631 ms, tool call 6,798 ms', () => {
    const t = session('thinking-turn.jsonl').timings[0];
    expect([t?.frameCount, t?.firstFrameMs, t?.firstReasoningMs, t?.firstTextMs, t?.firstToolCallMs]).toEqual([706, 125.9, 125.9, 6631, 6798]);
  });

  it('anthropic docs: parse-each-fragment fails from the first fragment with JSON.parse(\'\')', () => {
    const v = session('anthropic-docs.jsonl').strategies['parse-each-fragment'].verdicts[0];
    expect(v).toMatchObject({ verdict: 'fail', reason: 'parse-failed', input: '', error: 'Unexpected end of JSON input' });
  });
});

describe('analyze', () => {
  const rec = () => {
    const r = load(readFileSync(`${DIR}/interleaved-chat.jsonl`), 'interleaved-chat.jsonl');
    if (!r.ok) throw new Error(r.error.message);
    return r.recording;
  };

  it('computes only the asked strategies, the rest later, with the same result', () => {
    const lean = analyze(rec(), { strategies: ['per-call-buffer'] });
    expect(isPending(lean.strategies['per-call-buffer'])).toBe(false);
    expect(isPending(lean.strategies['next-index-closes'])).toBe(true);
    const full = withStrategies(lean);
    expect(full.strategies).toEqual(analyze(rec()).strategies);
    expect(lean.strategies['next-index-closes'].naReason).toBe('pending');
  });

  it('is structured-cloneable', () => {
    const s = analyze(rec());
    expect(structuredClone(s)).toEqual(s);
  });

  it('signals and kinds are per frame; anomalies are sorted by turn then frame', () => {
    const s = session('agent-run.jsonl');
    expect(s.signals.frames).toBe(s.frames.count);
    expect(s.signals.start).toHaveLength(s.frames.count + 1);
    for (let f = 0; f < s.frames.count; f++) expect(s.signals.start[f + 1]).toBeGreaterThan(s.signals.start[f] as number);
    expect(s.kinds).toHaveLength(s.frames.count);
    const keys = s.anomalies.map((a) => [a.turn, a.frame ?? Infinity]);
    expect(keys).toEqual([...keys].sort((a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number)));
  });

  it('never throws on hostile text and names a load failure', () => {
    for (const text of ['', '\u0000\u0001', 'data: {"choices":[{"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{"}}]}}]}\n\n', 'event: x\ndata: [DONE]\n\n', '{"streamscope":1}\n[0,"req",{"turn":0}]\n[1,"chunk","data: nope\\n\\n"]\n']) {
      const r = analyzeText(text, 'x.sse');
      if (r.ok) expect(r.session.frames.count).toBeGreaterThanOrEqual(0);
      else expect(english(r.error).length).toBeGreaterThan(0);
    }
    expect(analyzeText('', 'x.jsonl').ok).toBe(false);
  });

  it('a stream without a wire in its header is detected', () => {
    const r = analyzeText('data: {"type":"message_start","message":{}}\n\nevent: message_stop\ndata: {"type":"message_stop"}\n\n', 'a.sse');
    expect(r.ok && [r.session.wire, r.session.wireSource]).toEqual(['anthropic-messages', 'detected']);
  });
});

describe('strategyFacts', () => {
  it('parse-each-fragment never failed on the parallel probe because each call arrived whole', async () => {
    const { strategyFacts } = await import('../../../src/core/strategies/facts');
    const f = strategyFacts(session('parallel-probe.jsonl'), 'parse-each-fragment');
    expect(f).toMatchObject({ verdict: 'ok', neverFailed: true, callsWhole: true, attemptsFailed: 0, attemptsTotal: 2, callsCarried: 2 });
    const a = strategyFacts(session('anthropic-docs.jsonl'), 'parse-each-fragment');
    expect(a).toMatchObject({ verdict: 'fail', neverFailed: false, callsWhole: false, firstFailure: { input: '', error: 'Unexpected end of JSON input', reason: 'parse-failed' } });
    expect(a.attemptsFailed).toBe(a.attemptsTotal);
  });
  it("callsWhole is the pipeline's argsWhole, the same as tracing every frame again, on every shipped recording", async () => {
    const { strategyFacts } = await import('../../../src/core/strategies/facts');
    expect(files.length).toBeGreaterThan(3);
    let whole = 0;
    for (const file of files) {
      const s = session(file);
      expect(typeof s.argsWhole, file).toBe('boolean');
      const { argsWhole: _kept, ...handMade } = s;
      expect(strategyFacts(handMade, 'parse-each-fragment').callsWhole, file).toBe(s.argsWhole);
      if (s.argsWhole) whole++;
    }
    expect(whole).toBeGreaterThan(0);
    // read from the session, not traced again: the kept value is what the facts say
    const probe = session('parallel-probe.jsonl');
    expect(strategyFacts({ ...probe, argsWhole: false }, 'parse-each-fragment').callsWhole).toBe(false);
  });
});
