// The learner's assemble(events, out) run by the sandbox's runner (worker/learnerSandbox.ts) and turned into a
// StrategyRun (core/strategies/learner.ts): the log has the shape of a built-in strategy's, and the same code as a
// built-in strategy is judged as that strategy. Here the code is compiled by Node's vm (the browser's sandbox, its
// lock-down and its limits in a real worker are test/e2e/exercise-sandbox.test.ts's).
import { readFileSync } from 'node:fs';
import { runInThisContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { analyzeText } from '../../src/core/session/analyze';
import { attemptRows } from '../../src/core/strategies/attempts';
import { learnerRun, learnerTurns, type LearnerOutcome } from '../../src/core/strategies/learner';
import type { Session } from '../../src/core/types';
import { starterCode } from '../../src/ui/exercise/starter';
import { describeThrown, forbiddenWord, LEARNER_FILE, runTurns, type Assemble, type Limits } from '../../src/worker/learnerSandbox';
import { fragmentList } from '../../src/core/strategies/fragments';
import { bufferLengthAt } from '../../src/core/session/view';
import { frameIndex } from '../../src/core/types';
import { bufferRows, bufferText } from '../../src/core/strategies/buffers';

const session = (name: string): Session => {
  const r = analyzeText(readFileSync(`public/recordings/${name}.jsonl`, 'utf8'), `${name}.jsonl`);
  if (!r.ok) throw new Error(r.error.message);
  return r.session;
};

const compile = (code: string): Assemble => runInThisContext(`${code}\n;assemble`, { filename: LEARNER_FILE }) as Assemble;
const run = (code: string, s: Session, limits?: Limits): LearnerOutcome =>
  runTurns(compile(code), learnerTurns(s), JSON.parse, JSON.stringify, limits);

const starter = starterCode((name) => name);
const sharedBuffer = starter;
const parseEachPiece = starter.replace('  oneBuffer(events, out);', '  parseEachPiece(events, out);');
/** The fix: one buffer per call, parsed when the call's end arrives (or at the stream's end). */
const perCall = `${starter.replace(/function assemble[\s\S]*$/, '')}
function assemble(events, out) {
  const names = {}, ids = {}, open = [];
  const close = (key) => {
    const args = out.parse('call ' + key);
    if (args !== undefined) out.call(names[key], args, ids[key]);
  };
  for (const e of events) {
    if (e.event === 'content_block_stop' && open.includes(e.data.index)) { close(e.data.index); open.splice(open.indexOf(e.data.index), 1); }
    if (e.event === 'response.output_item.done' && open.includes(e.data.output_index)) { close(e.data.output_index); open.splice(open.indexOf(e.data.output_index), 1); }
    for (const p of pieces(e)) {
      if (!open.includes(p.key)) { open.push(p.key); out.append('call ' + p.key, ''); }
      if (p.name) names[p.key] = p.name;
      if (p.id) ids[p.key] = p.id;
      if (p.text !== undefined) out.append('call ' + p.key, p.text);
    }
  }
  for (const key of open) close(key);
}`;

describe("the learner's log", () => {
  test('the naive shared buffer on parallel-probe fails as the built-in one: the {…}{…} buffer and the parser’s message', () => {
    const s = session('parallel-probe');
    const mine = learnerRun(s, run(sharedBuffer, s));
    const builtin = s.strategies['shared-buffer'];
    expect(mine.id).toBe('yours');
    expect(mine.verdict).toBe('fail');
    expect(mine.verdicts.map((v) => [v.reason, v.frame, v.error])).toEqual(builtin.verdicts.map((v) => [v.reason, v.frame, v.error]));
    expect(mine.buffers.text).toEqual(builtin.buffers.text);
    expect(bufferText(mine.buffers, 0)).toMatch(/^\{.*\}\{.*\}$/);
    // one attempt, at the stream's end, failed with JSON.parse's own message
    const rows = attemptRows(mine);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ok: false, frame: s.frames.count - 1 });
    expect(rows[0]?.error).toBe(builtin.verdicts[0]?.error);
  });

  test.each(['parallel-probe', 'anthropic-docs', 'responses-docs', 'interleaved-chat', 'agent-run'])('per-call buffers on %s: every turn judged as the built-in per-call-buffer', (name) => {
    const s = session(name);
    const mine = learnerRun(s, run(perCall, s));
    const builtin = s.strategies['per-call-buffer'];
    expect(mine.verdicts.map((v) => [v.turn, v.verdict, v.reason ?? null])).toEqual(builtin.verdicts.map((v) => [v.turn, v.verdict, v.reason ?? null]));
    // the calls are the built-in's: same keys, ids, names and arguments (this fix waits for the stream's end on Chat
    // and for output_item.done on Responses, so its calls are ready at or after the built-in's end signals)
    const byWire = (list: typeof mine.calls) => [...list].sort((x, y) => x.turn - y.turn || x.key.localeCompare(y.key));
    expect(byWire(mine.calls).map((c) => [c.turn, c.key, c.id, c.name, c.args])).toEqual(byWire(builtin.calls).map((c) => [c.turn, c.key, c.id, c.name, c.args]));
    byWire(mine.calls).forEach((c, i) => expect(c.readyFrame).toBeGreaterThanOrEqual(byWire(builtin.calls)[i]?.readyFrame ?? Infinity));
  });

  test('parse on receipt fails on Anthropic-from-docs at the first, empty piece', () => {
    const s = session('anthropic-docs');
    const mine = learnerRun(s, run(parseEachPiece, s));
    expect(mine.verdict).toBe('fail');
    const first = mine.verdicts.find((v) => v.verdict === 'fail');
    expect(first?.reason).toBe('parse-failed');
    expect(first?.input).toBe('');
    expect(first?.error).toBe(s.strategies['parse-each-fragment'].verdicts.find((v) => v.verdict === 'fail')?.error);
  });

  test('every action is stamped with the frame of the event being read; fragments are [start, end) of the buffer', () => {
    const s = session('anthropic-docs');
    const mine = learnerRun(s, run(sharedBuffer, s));
    const b = bufferRows(mine.buffers)[0];
    expect(b).toBeDefined();
    let at = 0;
    for (const f of b ? fragmentList(mine.fragments, b.id) : []) {
      expect(f.start).toBe(at);
      at = f.end;
      expect(s.frames.turn[f.frame]).toBe(b?.turn);
    }
    expect(at).toBe(b?.text.length);
    // the frames are those of the input_json_delta events
    const deltas = learnerTurns(s)[0]?.events.filter((e) => e.event === 'content_block_delta' && e.text.includes('input_json_delta')).map((e) => e.frame);
    expect(b && fragmentList(mine.fragments, b.id).map((f) => f.frame)).toEqual(deltas);
  });

  test('code that reads the events twice: its second pass arrives with the first, so the buffer only grows', () => {
    const s = session('anthropic-docs');
    const twice = `${starter.replace(/function assemble[\s\S]*$/, '')}
function assemble(events, out) {
  for (let pass = 0; pass < 2; pass++) for (const e of events) for (const p of pieces(e)) if (p.text !== undefined) out.append('all', p.text);
}`;
    const mine = learnerRun(s, run(twice, s));
    const b = bufferRows(mine.buffers)[0];
    if (!b) throw new Error('no buffer');
    const frames = fragmentList(mine.fragments, b.id).map((f) => f.frame);
    expect(frames.length).toBeGreaterThan(4);
    // stamped in order: the second pass's appends, read at the first pass's frames, count from the last of them
    expect(frames).toEqual([...frames].sort((x, y) => x - y));
    const last = frames[frames.length / 2 - 1] as number;
    expect(frames.slice(frames.length / 2).every((f) => f === last)).toBe(true);
    // so the buffer at any frame is what a linear count of its fragments gives, and it never shrinks
    let before = 0;
    for (const f of new Set(frames)) {
      const linear = fragmentList(mine.fragments, b.id).filter((x) => x.frame <= f).reduce((end, x) => Math.max(end, x.end), 0);
      expect(bufferLengthAt(mine, b, frameIndex(f))).toBe(linear);
      expect(linear).toBeGreaterThanOrEqual(before);
      before = linear;
    }
  });

  test('a turn whose code throws fails with the message, the others still run; the line is found in the stack', () => {
    const s = session('agent-run');
    const code = `function assemble(events, out) {\n  for (const e of events) if (e.frame > 20) null.x;\n}`;
    const outcome = run(code, s);
    expect(outcome.error).toMatchObject({ kind: 'exception', line: 2 });
    expect(outcome.error?.message).toMatch(/^TypeError: /);
    const mine = learnerRun(s, outcome);
    const thrown = mine.verdicts.filter((v) => v.error?.startsWith('strategy error: TypeError'));
    expect(thrown.length).toBeGreaterThan(0);
    expect(mine.verdicts.length).toBe(s.strategies['per-call-buffer'].verdicts.length);
  });

  test('output is bounded: a learner that appends without end is stopped, even if it catches what out throws', () => {
    const s = session('parallel-probe');
    const code = `function assemble(events, out) {\n  for (let i = 0; i < 3000; i++) { try { out.append('x', 'aaaaaaaaaa'); } catch {} }\n}`;
    const outcome = run(code, s, { maxChars: 10_000, maxAttempts: 100, maxCalls: 100, maxBuffers: 100 });
    expect(outcome.error?.kind).toBe('output');
    expect(outcome.trace.buffers.reduce((n, b) => n + b.text.length, 0)).toBeLessThanOrEqual(10_000);
    expect(outcome.finished).toBe(0);
  });

  test('a run stopped before the end fails the turns it did not finish; a garbled trace is read without throwing', () => {
    const s = session('agent-run');
    const stopped = learnerRun(s, { trace: { buffers: [], attempts: [], calls: [], thrown: [] }, error: { kind: 'timeout', message: '1500' }, finished: 0 });
    expect(stopped.verdicts.filter((v) => v.verdict === 'fail').length).toBe(stopped.verdicts.length);
    const garbled = { buffers: [null, { turn: 'x' }, { turn: 0, key: 1, text: 5, fragments: [[1, 2]] }], attempts: [{ buffer: 99 }, 7], calls: [{ turn: 0, frame: 99999 }], thrown: 'no' };
    const run2 = learnerRun(s, { trace: garbled as unknown as LearnerOutcome['trace'], finished: 9 });
    expect(run2.calls).toEqual([]);
    expect(run2.attempts.count).toBe(0);
  });

  test('the word import is refused with its line; thrown values are described', () => {
    expect(forbiddenWord('let a;\n  x = import("y")')).toEqual({ line: 2, column: 7 });
    expect(forbiddenWord('const important = 1')).toBeUndefined();
    expect(describeThrown('plain')).toEqual({ message: 'plain' });
  });
});
