/**
 * The shipped recordings, run through the real core: manifest and header schema, each strategy's overall verdict
 * against the file's `expect`, the lesson's published figures, and the builders' determinism.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { load } from '../../src/core/load';
import { analyze } from '../../src/core/session/session';
import { STRATEGY_IDS, WIRES, type Recording, type Session, type TurnTiming } from '../../src/core/types';
import { buildAll } from '../../scripts/recordings/catalog';
import { manifestOf } from '../../scripts/recordings/manifest';
import { compareAssembly, readRecordedMessage, selfCheck } from '../../src/ui/selfcheck/compare';
import { framesOf, getFrame } from '../../src/core/sse';
import { chunkList, emptyTable } from '../../src/core/chunk-table';
import { frameKindAt, signalsAt } from '../../src/core/wire';
import { attemptRows } from '../../src/core/strategies/attempts';
import { fragmentCount } from '../../src/core/strategies/fragments';
import { bufferRows, bufferText } from '../../src/core/strategies/buffers';

const DIR = join(import.meta.dirname, '../../public/recordings');
const manifestText = readFileSync(join(DIR, 'index.json'), 'utf8');

interface Entry {
  id: string;
  file: string;
  group: string;
  title: { zh: string; en: string };
  summary: { zh: string; en: string };
}
const entries = (JSON.parse(manifestText) as { recordings: Entry[] }).recordings;

function loadFile(file: string): Recording {
  const result = load(readFileSync(join(DIR, file)), file);
  if (!result.ok) throw new Error(`${file}: ${result.error.message} (line ${result.error.line ?? '?'})`);
  return result.recording;
}

const sessions = new Map<string, Session>();
function sessionOf(id: string): Session {
  let s = sessions.get(id);
  if (!s) {
    const entry = entries.find((e) => e.id === id);
    if (!entry) throw new Error(`no recording ${id} in index.json`);
    s = analyze(loadFile(entry.file));
    sessions.set(id, s);
  }
  return s;
}

const nonEmptyLocalized = (x: unknown): boolean =>
  typeof x === 'object' && x !== null && ['zh', 'en'].every((k) => typeof (x as Record<string, unknown>)[k] === 'string' && ((x as Record<string, string>)[k] ?? '').length > 0);

describe('the manifest', () => {
  it('lists the five lesson recordings first, by their fixed ids, then at least eight failure modes', () => {
    const lesson = entries.filter((e) => e.group === 'lesson').map((e) => e.id);
    expect(lesson).toEqual(['parallel-probe', 'anthropic-docs', 'agent-run', 'thinking-turn', 'responses-docs']);
    expect(entries.slice(0, 5).map((e) => e.group)).toEqual(Array(5).fill('lesson'));
    expect(entries.filter((e) => e.group === 'failure').length).toBeGreaterThanOrEqual(8);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    for (const e of entries) {
      expect(e.file, e.id).toBe(`${e.id}.jsonl`);
      expect(['lesson', 'failure'], e.id).toContain(e.group);
      expect(nonEmptyLocalized(e.title), `${e.id} title`).toBe(true);
      expect(nonEmptyLocalized(e.summary), `${e.id} summary`).toBe(true);
    }
  });

  it('never calls a reconstruction or a constructed stream a recording', () => {
    for (const e of entries) {
      // The only admissible mention is a denial ("不是真实录制" / "not a recording").
      expect(`${e.title.zh} ${e.summary.zh}`.replaceAll('不是真实录制', ''), e.id).not.toMatch(/真实录制|实录/);
      expect(`${e.title.en} ${e.summary.en}`, e.id).not.toMatch(/\breal (recording|capture)\b|\brecorded live\b/i);
    }
    for (const id of ['parallel-probe', 'agent-run', 'thinking-turn']) {
      const e = entries.find((x) => x.id === id);
      expect(e?.title.zh, id).toContain('重建');
      expect(e?.title.en, id).toMatch(/reconstructed/);
      expect(e?.summary.en, id).toMatch(/not a recording/);
    }
  });

  it('is exactly what the builders produce, and every file is too (regenerate with scripts/recordings/build.ts)', () => {
    const built = buildAll();
    expect(manifestOf(built)).toBe(manifestText);
    for (const b of built) expect(readFileSync(join(DIR, `${b.id}.jsonl`), 'utf8'), b.id).toBe(b.jsonl);
  });
});

describe.each(entries)('$id', (entry) => {
  it('parses as JSON lines with a valid v1 header', () => {
    const lines = readFileSync(join(DIR, entry.file), 'utf8').trimEnd().split('\n');
    const parsed = lines.map((l, i) => {
      try {
        return JSON.parse(l) as unknown;
      } catch (e) {
        throw new Error(`${entry.file}:${i + 1}: ${(e as Error).message}`);
      }
    });
    const header = parsed[0] as Record<string, unknown>;
    expect(header.streamscope).toBe(1);
    expect(WIRES).toContain(header.wire);
    expect(nonEmptyLocalized(header.title)).toBe(true);
    expect(nonEmptyLocalized(header.description)).toBe(true);
    expect(header.title).toEqual(entry.title);
    const prov = header.provenance as Record<string, unknown>;
    expect(['docs', 'reconstructed', 'synthetic']).toContain(prov.kind);
    expect(typeof prov.source === 'string' && prov.source.length > 0).toBe(true);
    if (entry.group === 'lesson') expect(['docs', 'reconstructed']).toContain(prov.kind);
    if (entry.group === 'failure') expect(prov.source).toMatch(/[\w.-]+\/[\w.-]+#\d+|documentation/);
    const exp = header.expect as Record<string, unknown>;
    expect(Object.keys(exp).sort()).toEqual([...STRATEGY_IDS].sort());
    for (const v of Object.values(exp)) expect(['ok', 'fail', 'n/a']).toContain(v);
    for (const ev of parsed.slice(1)) {
      expect(Array.isArray(ev) && typeof ev[0] === 'number' && typeof ev[1] === 'string').toBe(true);
    }
  });

  it('loads without issues and every strategy reaches the expected verdict', () => {
    const rec = loadFile(entry.file);
    expect(rec.issues).toEqual([]);
    const s = sessionOf(entry.id);
    const got = Object.fromEntries(STRATEGY_IDS.map((id) => [id, s.strategies[id].verdict]));
    expect(got).toEqual(rec.header.expect);
  });
});

const timing = (s: Session, turn: number): TurnTiming => {
  const t = s.timings[turn];
  if (!t) throw new Error(`no turn ${turn}`);
  return t;
};

describe('the lesson figures', () => {
  it('parallel-probe: 6 frames, first at 323.8 ms, last at 547.3 ms, two read_file calls each whole in one frame', () => {
    const s = sessionOf('parallel-probe');
    expect(s.frames.count).toBe(6);
    const t = timing(s, 0);
    expect(t.firstFrameMs).toBeCloseTo(323.8, 5);
    expect(t.lastFrameMs).toBeCloseTo(547.3, 5);
    expect(t.finishReason).toBe('tool_calls');
    expect(s.carried.map((c) => [c.name, c.startFrame === c.endFrame || c.endFrame !== undefined])).toEqual([
      ['read_file', true],
      ['read_file', true],
    ]);
    const pef = s.strategies['parse-each-fragment'];
    expect(attemptRows(pef).every((a) => a.ok)).toBe(true);
    expect(pef.attempts.count).toBe(2);
  });

  it('parallel-probe: the final message equals what per-call buffers assemble (ids included)', () => {
    const rec = loadFile('parallel-probe.jsonl');
    const final = rec.turns[0]?.final?.message as { tool_calls: { id: string; function: { name: string; arguments: string } }[] };
    const calls = sessionOf('parallel-probe').strategies['per-call-buffer'].calls;
    expect(calls.map((c) => ({ id: c.id, function: { name: c.name, arguments: c.argsText } }))).toEqual(
      final.tool_calls.map((c) => ({ id: c.id, function: c.function })),
    );
  });

  it('anthropic-docs: parse-each-fragment fails on JSON.parse(\'\') first; shared buffer ends as {…}{…}', () => {
    const s = sessionOf('anthropic-docs');
    const pef = s.strategies['parse-each-fragment'];
    const first = attemptRows(pef)[0];
    expect(first?.ok).toBe(false);
    expect(first?.end).toBe(first?.start);
    expect(attemptRows(pef).every((a) => !a.ok)).toBe(true);
    const shared = bufferText(s.strategies['shared-buffer'].buffers, 0);
    expect(shared).toMatch(/^\{.*\}\{.*\}$/);
    expect(s.carried.map((c) => c.name)).toEqual(['read_file', 'read_file']);
  });

  it('agent-run: 9 turns, frame counts, first-frame times, the 885.8 ms silence, token sums', () => {
    const s = sessionOf('agent-run');
    expect(s.timings.length).toBe(9);
    const counts = s.timings.map((t) => t.frameCount);
    expect(counts).toEqual([4, 4, 4, 4, 4, 4, 108, 4, 4]);
    for (let k = 0; k < 6; k++) {
      const f = timing(s, k).firstFrameMs ?? -1;
      expect(f, `turn ${k + 1}`).toBeGreaterThanOrEqual(323);
      expect(f, `turn ${k + 1}`).toBeLessThanOrEqual(519);
    }
    for (const k of [7, 8]) {
      const f = timing(s, k).firstFrameMs ?? -1;
      expect(f, `turn ${k + 1}`).toBeGreaterThan(900);
      expect(f, `turn ${k + 1}`).toBeLessThan(1100);
    }
    const t7 = timing(s, 6);
    expect(t7.longestGapMs).toBeCloseTo(885.8, 5);
    expect(t7.finishReason).toBe('tool_calls');
    expect(t7.firstTextMs).not.toBeNull();
    expect(t7.firstToolCallMs).toBeNull();
    expect(t7.anomalies.map((a) => a.code)).toContain('finish-tool-calls-without-call');
    expect(s.carried.filter((c) => c.turn === 6)).toEqual([]);
    const inputs = s.timings.map((t) => t.usage?.inputTokens ?? 0);
    expect(inputs.reduce((a, b) => a + b, 0)).toBe(15921);
    expect(inputs[8]).toBe(2389);
    expect(s.recording.tools.length).toBe(8);
    expect(s.recording.marks.length).toBeGreaterThan(0);
  });

  it('agent-run: every final message matches what per-call buffers assemble', () => {
    const s = sessionOf('agent-run');
    for (const turn of s.recording.turns) {
      const msg = turn.final?.message as { tool_calls?: { id: string; function: { name: string; arguments: string } }[] };
      const want = (msg.tool_calls ?? []).map((c) => [c.id, c.function.name, c.function.arguments]);
      const got = s.strategies['per-call-buffer'].calls.filter((c) => c.turn === turn.index).map((c) => [c.id, c.name, c.argsText]);
      expect(got, `turn ${turn.index}`).toEqual(want);
    }
    // Each tool event names a call the stream carried.
    const ids = new Set(s.carried.map((c) => c.id));
    for (const run of s.recording.tools) expect(ids.has(run.callId), run.callId).toBe(true);
  });

  it('the self-check footer finds every recorded final message reproduced byte for byte, ids included', () => {
    for (const id of ['parallel-probe', 'agent-run', 'thinking-turn', 'ptc-message-start']) {
      const checks = selfCheck(sessionOf(id));
      expect(checks.length, id).toBe(sessionOf(id).recording.turns.length);
      for (const c of checks) expect(c.result, `${id} turn ${c.turn}`).toEqual({ kind: 'match', idsIgnored: false });
    }
  });

  it('the ground truth (read apart from the adapters) has the calls of every recorded final message too', () => {
    for (const e of entries) {
      const s = sessionOf(e.id);
      for (const turn of s.recording.turns) {
        if (!turn.final) continue;
        const recorded = readRecordedMessage(s.wire, turn.final.message);
        expect(recorded, `${e.id} turn ${turn.index}`).not.toBeNull();
        const calls = s.carried.filter((c) => c.turn === turn.index).map((c) => ({ id: c.id, name: c.name, args: c.argsText }));
        const result = compareAssembly({ text: recorded?.text ?? '', calls }, recorded ?? { text: '', calls: [] }, false);
        expect(result, `${e.id} turn ${turn.index}`).toEqual({ kind: 'match', idsIgnored: false });
      }
    }
  });

  it('thinking-turn: 706 frames; reasoning from 125.9 ms, first text at 6,631 ms, the tool call at 6,798 ms', () => {
    const s = sessionOf('thinking-turn');
    expect(s.frames.count).toBe(706);
    const t = timing(s, 0);
    expect(t.firstFrameMs).toBeCloseTo(125.9, 5);
    expect(t.firstReasoningMs).toBeCloseTo(125.9, 5);
    expect(t.firstTextMs).toBeCloseTo(6631, 5);
    expect(t.firstToolCallMs).toBeCloseTo(6798, 5);
    expect(frameKindAt(s.kinds, 0)).toBe('reasoning');
  });

  it('responses-docs: two parallel calls, and completed-item takes both from output_item.done', () => {
    const s = sessionOf('responses-docs');
    expect(s.carried.length).toBe(2);
    expect(s.strategies['completed-item'].calls.map((c) => c.argsText)).toEqual(s.carried.map((c) => c.argsText));
  });
});

describe('the failure shelf', () => {
  it('the UTF-8 split really splits a character: some chunks are not valid UTF-8 alone, and the core joins them', () => {
    const rec = loadFile('utf8-split.jsonl');
    const fatal = new TextDecoder('utf-8', { fatal: true });
    const broken = chunkList(rec.turns[0]?.chunks ?? emptyTable()).filter((c) => {
      try {
        fatal.decode(c.bytes);
        return false;
      } catch {
        return true;
      }
    });
    expect(broken?.length).toBeGreaterThanOrEqual(2);
    const s = sessionOf('utf8-split');
    expect(s.carried[0]?.argsText).toBe('{"path": "docs/日期格式.md"}');
    expect(s.decoded[0]?.invalidUtf8At).toEqual([]);
  });

  it('the CRLF recording has a chunk that ends with CR whose LF starts the next chunk', () => {
    const rec = loadFile('crlf-split.jsonl');
    const texts = chunkList(rec.turns[0]?.chunks ?? emptyTable()).map((c) => new TextDecoder().decode(c.bytes));
    const splits = texts.filter((t, i) => t.endsWith('\r') && (texts[i + 1] ?? '').startsWith('\n'));
    expect(splits.length).toBe(2);
    expect(sessionOf('crlf-split').frames.count).toBe(5);
  });

  it('the cut and error streams leave a call that never ended', () => {
    for (const id of ['cut-mid-arguments', 'overloaded-mid-stream', 'responses-no-done']) {
      const s = sessionOf(id);
      expect(s.carried.some((c) => c.endFrame === undefined), id).toBe(true);
    }
    expect(sessionOf('overloaded-mid-stream').anomalies.map((a) => a.code)).toContain('error-event');
  });

  it('the cut streams name the call that never ended: call-cut-off at the frame of its last argument piece', () => {
    for (const id of ['cut-mid-arguments', 'gemini-cut-mid-arguments']) {
      const s = sessionOf(id);
      const cut = s.carried.filter((c) => c.endFrame === undefined);
      expect(cut.length, id).toBe(1);
      const lastPiece = Math.max(...framesOf(s.frames).filter((f) => signalsAt(s.signals, f.index).some((x) => x.kind === 'args' && x.key === cut[0]?.key)).map((f) => f.index));
      expect(s.anomalies.filter((a) => a.code === 'call-cut-off'), id).toEqual([{ code: 'call-cut-off', turn: 0, frame: lastPiece, detail: cut[0]?.key }]);
    }
  });

  it('ptc-message-start: 15 turns, 16 calls each whole in its message_start, ready at that frame under every strategy that applies', () => {
    const s = sessionOf('ptc-message-start');
    expect(s.recording.turns.length).toBe(15);
    expect(s.carried.length).toBe(16);
    const starts = new Map(s.carried.map((c) => [c.id, c.startFrame]));
    for (const c of s.carried) {
      expect(getFrame(s.frames, c.startFrame)?.event, c.id).toBe('message_start');
      expect(c.endFrame, c.id).toBe(c.startFrame);
    }
    for (const id of ['parse-each-fragment', 'per-call-buffer', 'partial-json-preview'] as const) {
      const run = s.strategies[id];
      expect(run.calls.length, id).toBe(16);
      for (const c of run.calls) expect(c.readyFrame, `${id} ${c.id}`).toBe(starts.get(c.id));
    }
    const t = s.timings;
    expect(t.slice(0, 14).map((x) => x.finishReason)).toEqual(Array(14).fill('tool_use'));
    expect(t[14]?.finishReason).toBe('end_turn');
    for (const x of t.slice(0, 14)) expect(x.firstToolCallMs, `turn ${x.turn}`).toBe(x.firstFrameMs);
    expect(s.anomalies).toEqual([]);
  });

  it('gemini-streamed-*: one call per logical call, the name kept, the partialArgs merged; fragments shown in the buffers', () => {
    const s = sessionOf('gemini-streamed-args');
    expect(s.carried.map((c) => c.name)).toEqual(['write_file', 'run_tests']);
    const run = s.strategies['per-call-buffer'];
    expect(run.calls.map((c) => [c.name, Object.keys(c.args as object)])).toEqual([['write_file', ['path', 'content']], ['run_tests', []]]);
    const buffer = bufferRows(run.buffers).find((b) => b.name === 'write_file');
    expect(buffer && fragmentCount(run.fragments, buffer.id)).toBeGreaterThan(5);
    expect(JSON.parse(buffer?.text ?? '')).toEqual(JSON.parse(s.carried[0]?.argsText ?? ''));
    const nested = sessionOf('gemini-streamed-nested');
    expect(nested.carried.map((c) => [c.turn, c.name])).toEqual([[0, 'apply_edits'], [1, 'read_file'], [1, 'read_file']]);
    expect((JSON.parse(nested.carried[0]?.argsText ?? '') as { edits: unknown[] }).edits.length).toBe(2);
    expect(nested.anomalies).toEqual([]);
  });
});
