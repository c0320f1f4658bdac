import { describe, expect, it } from 'vitest';
import { applyFaults } from '../../../src/core/faults';
import type { Recording, WireId } from '../../../src/core/types';
import { adaptFrames, encodeTurn, signalLists } from '../../../src/core/wire';
import { assemble, evenly, frames, makeRecording } from './helpers';
import { frameTableOf } from '../../../src/core/sse';

const ok = (r: ReturnType<typeof applyFaults>): Recording => {
  if (!r.ok) throw new Error(r.error);
  return r.recording;
};

const calls = [
  { id: 'call_a', name: 'read_file', fragments: ['{"path": "src/a.md"}'] },
  { id: 'call_b', name: 'write_file', fragments: ['{"path": "b', '.md", "text": "héllo 🌍"}'] },
];

function encoded(wire: WireId): Recording {
  return makeRecording(wire, [{ chunks: evenly(encodeTurn(wire, { text: ['Reading'], calls }), 100, 10) }]);
}

describe('rechunk:N', () => {
  it('Anthropic: splits every input_json_delta into N-character content_block_delta events at the same time', () => {
    const before = encoded('anthropic-messages');
    const after = ok(applyFaults(before, ['rechunk:3']));
    const fs = frames(after);
    const deltas = fs.filter((f) => f.data.includes('input_json_delta'));
    for (const f of deltas) {
      expect(f.event).toBe('content_block_delta');
      const piece = (JSON.parse(f.data) as { delta: { partial_json: string } }).delta.partial_json;
      expect(Array.from(piece).length).toBeLessThanOrEqual(3);
    }
    // 20 + 19 + 21 characters: 7 + 7 + 7 pieces (code points), up from 3 fragments (plus the "" openers).
    const before3 = frames(before).filter((f) => f.data.includes('input_json_delta')).length;
    expect(deltas.length).toBeGreaterThan(before3 + 10);
    expect(assemble(after, 'anthropic-messages')).toEqual(assemble(before, 'anthropic-messages'));
    // Split events share their original frame's time: the set of frame times does not change.
    expect(new Set(fs.map((f) => f.time))).toEqual(new Set(frames(before).map((f) => f.time)));
    // Untouched frames keep their exact data.
    const untouched = frames(before).filter((f) => !f.data.includes('input_json_delta') || f.data.includes('"partial_json":""'));
    for (const f of untouched) expect(fs.some((g) => g.data === f.data && g.time === f.time)).toBe(true);
  });

  it('Chat: keeps id and name on the first piece, continuation chunks carry index and arguments only', () => {
    const before = encoded('openai-chat');
    const after = ok(applyFaults(before, ['rechunk:4']));
    const pieces = frames(after)
      .map((f) => f.data)
      .filter((d) => d.includes('"arguments"'))
      .map((d) => (JSON.parse(d) as { choices: { delta: { tool_calls: { index: number; id?: string; function: { arguments: string; name?: string } }[] } }[] }).choices[0]?.delta.tool_calls[0]);
    for (const p of pieces) expect(Array.from(p?.function.arguments ?? '').length).toBeLessThanOrEqual(4);
    const continuation = pieces.filter((p) => p?.id === undefined);
    expect(continuation.length).toBeGreaterThan(8);
    for (const p of continuation) expect(Object.keys(p ?? {})).toEqual(['index', 'function']);
    expect(assemble(after, 'openai-chat')).toEqual(assemble(before, 'openai-chat'));
  });

  it('Chat: a finish_reason in the split chunk moves after the last piece', () => {
    const chunk = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const whole = { tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"path":"x"}' } }] };
    const rec = makeRecording('openai-chat', [{ chunks: [[50, chunk(whole, 'tool_calls') + 'data: [DONE]\n\n']] }]);
    const after = ok(applyFaults(rec, ['rechunk:5']));
    const fs = frames(after);
    const kinds = signalLists(adaptFrames('openai-chat', frameTableOf(fs))).flat().map((s) => s.kind).filter((k) => k !== 'ignored');
    expect(kinds).toEqual(['call-start', 'args', 'args', 'args', 'finish']);
    expect(assemble(after, 'openai-chat')).toEqual([{ turn: 0, id: 'call_1', name: 'read_file', args: '{"path":"x"}' }]);
  });

  it('Chat: two whole calls in one chunk become two runs of pieces, one after the other, never interleaved', () => {
    const entry = (index: number, path: string) => ({ index, id: `call_${index}`, type: 'function', function: { name: 'read_file', arguments: JSON.stringify({ path }) } });
    const body = { id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant', tool_calls: [entry(0, 'a.md'), entry(1, 'b.md')] }, finish_reason: 'tool_calls' }] };
    const rec = makeRecording('openai-chat', [{ chunks: [[50, `data: ${JSON.stringify(body)}\n\ndata: [DONE]\n\n`]] }]);
    const after = ok(applyFaults(rec, ['rechunk:6']));
    const signals = signalLists(adaptFrames('openai-chat', frameTableOf(frames(after)))).flat();
    const keys = signals.flatMap((s) => (s.kind === 'call-start' || s.kind === 'args' ? [`${s.kind === 'call-start' ? '+' : ''}${s.key}`] : []));
    expect(keys).toEqual(['+0', '0', '0', '0', '+1', '1', '1', '1']);
    expect(signals.filter((s) => s.kind !== 'ignored').at(-1)?.kind).toBe('finish');
    expect(assemble(after, 'openai-chat')).toEqual(assemble(rec, 'openai-chat'));
  });

  it('Responses: splits argument deltas and renumbers sequence_number so it stays consecutive', () => {
    const before = encoded('openai-responses');
    const after = ok(applyFaults(before, ['rechunk:2']));
    const seqs = frames(after).map((f) => (JSON.parse(f.data) as { sequence_number: number }).sequence_number);
    expect(seqs).toEqual(seqs.map((_, i) => i));
    expect(seqs.length).toBeGreaterThan(frames(before).length + 20);
    expect(assemble(after, 'openai-responses')).toEqual(assemble(before, 'openai-responses'));
  });

  it('Gemini: calls arrive whole, nothing changes', () => {
    const before = encoded('gemini');
    const r = applyFaults(before, ['rechunk:2']);
    expect(r.ok && r.noEffect).toEqual([0]);
    expect(ok(r).turns).toEqual(before.turns);
  });

  it('detects the wire when the header names none, and leaves a recording without frames alone', () => {
    const before = encoded('anthropic-messages');
    const unnamed = { ...before, header: { streamscope: 1 as const } };
    expect(frames(ok(applyFaults(unnamed, ['rechunk:3']))).length).toBeGreaterThan(frames(before).length);
    const empty = makeRecording(undefined, [{ chunks: [[10, ': just a comment\n\n']] }]);
    expect(ok(applyFaults(empty, ['rechunk:3']))).toEqual(empty);
  });

  it('does not mutate its input and is reproducible', () => {
    const before = encoded('openai-chat');
    const copy = structuredClone(before);
    const a = ok(applyFaults(before, ['rechunk:3', 'split-utf8', 'crlf'], 7));
    const b = ok(applyFaults(before, ['rechunk:3', 'split-utf8', 'crlf'], 7));
    expect(before).toEqual(copy);
    expect(a).toEqual(b);
  });
});
