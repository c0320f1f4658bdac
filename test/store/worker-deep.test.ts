// The analysis worker's transfer of data nested deeper than structured clone copies (Chromium and Node overflow
// near 3,300 levels): arguments and a final message nested 5,000 and 100,000 levels (built here) arrive whole on
// the page, sent as JSON text parts; shallow data still goes as plain values.
import { describe, expect, test } from 'vitest';
import { analyzeText } from '../../src/core/session/analyze';
import { jsonEqual } from '../../src/core/strategies/json';
import type { Session } from '../../src/core/types';
import { createAssembler } from '../../src/worker/assemble';
import { runAnalysis } from '../../src/worker/job';
import type { WorkerReply } from '../../src/worker/protocol';
import { anthropicRecording, depthOf, nestedArrays } from '../robustness/deep-streams';

/** Runs the worker's job, passing every message through structured clone as postMessage would. */
function viaWorker(input: string): { session?: Session; failed?: string; kinds: string[] } {
  const assembler = createAssembler();
  const kinds: string[] = [];
  let out: { session?: Session; failed?: string } = {};
  runAnalysis({ type: 'analyze', input, name: 'deep.jsonl' }, (reply: WorkerReply, transfer = []) => {
    const received = structuredClone(reply, { transfer });
    if (received.type === 'part') {
      kinds.push(received.part.kind);
      assembler.add(received.part);
    } else if (received.type === 'done' && received.result.ok) out = { session: assembler.finish(received.result.session) };
    else if (received.type === 'failed') out = { failed: received.message };
  });
  return { ...out, kinds };
}

describe('worker transfer of deeply nested data', () => {
  test.each([5_000, 100_000])('arguments and final message nested %i levels arrive whole', (depth) => {
    const input = anthropicRecording(nestedArrays(depth));
    const inline = analyzeText(input, 'deep.jsonl');
    if (!inline.ok) throw new Error(inline.error.message);
    const r = viaWorker(input);
    expect(r.failed).toBeUndefined();
    expect(r.kinds).toContain('json');
    const s = r.session as Session;
    const call = s.strategies['per-call-buffer'].calls[0];
    expect(depthOf(call?.args)).toBe(depth);
    expect(jsonEqual(call?.args, inline.session.strategies['per-call-buffer'].calls[0]?.args)).toBe(true);
    expect(jsonEqual(s.recording.turns[0]?.final?.message, inline.session.recording.turns[0]?.final?.message)).toBe(true);
    expect(s.anomalies).toEqual(inline.session.anomalies);
  });

  test('shallow arguments are not sent as JSON text', () => {
    expect(viaWorker(anthropicRecording('{"path":"README.md"}')).kinds).not.toContain('json');
  });
});
