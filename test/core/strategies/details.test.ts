// Exact logs for the lesson's key moments: which frame, which input, which message, which buffers.
import { describe, expect, it } from 'vitest';
import { attemptInput, bufferTextAt, buffersAt } from '../../../src/core/session/view';
import { frameIndex, turnIndex } from '../../../src/core/types';
import { run } from './build';
import * as c from './cases';
import { frameTableOf } from '../../../src/core/sse';
import { signalTableOf } from '../../../src/core/wire';
import { attemptRows } from '../../../src/core/strategies/attempts';
import { fragmentCount } from '../../../src/core/strategies/fragments';
import { bufferRows, bufferText } from '../../../src/core/strategies/buffers';

describe('parse-each-fragment', () => {
  it('fails from the first empty fragment on the Anthropic docs stream', () => {
    const { run: r } = run('parse-each-fragment', 'anthropic-messages', c.anthropicDocs);
    expect(r.verdicts[0]).toMatchObject({ verdict: 'fail', reason: 'parse-failed', frame: 3, input: '', error: 'Unexpected end of JSON input', key: '1' });
    // every half fragment fails too, and nothing is ever produced
    expect(attemptRows(r).map((a) => a.ok)).toEqual([false, false, false, false, false, false]);
    expect(r.calls).toEqual([]);
  });

  it('never fails when each call arrives whole in one frame', () => {
    const { run: r } = run('parse-each-fragment', 'openai-chat', c.mlxWhole);
    expect(attemptRows(r).every((a) => a.ok)).toBe(true);
    expect(r.calls.map((x) => [x.id, x.name, x.args, x.readyFrame])).toEqual([
      ['call_a', 'read_file', { path: 'README.md' }, 1],
      ['call_b', 'read_file', { path: 'pyproject.toml' }, 2],
    ]);
  });

  it('parses Responses deltas, not the done events', () => {
    const { run: r } = run('parse-each-fragment', 'openai-responses', c.responses);
    expect(attemptRows(r).map((a) => [a.frame, attemptInput(r, a)])).toEqual([
      [2, '{"path":'],
      [3, '"a.md"}'],
      [7, '{"path":"b.md"}'],
    ]);
  });
});

describe('shared-buffer', () => {
  it('puts two calls back to back and fails with JSON.parse\'s own message at the stream end', () => {
    const { run: r } = run('shared-buffer', 'openai-chat', c.mlxWhole);
    expect(bufferRows(r.buffers)).toHaveLength(1);
    expect(bufferRows(r.buffers)[0]?.key).toBeNull();
    expect(bufferRows(r.buffers)[0]?.text).toBe('{"path": "README.md"}{"path": "pyproject.toml"}');
    expect(r.verdicts[0]).toMatchObject({ frame: 5, error: 'Unexpected non-whitespace character after JSON at position 21' });
  });

  it('appends Gemini whole calls once each and Responses done-args only when no delta came', () => {
    expect(bufferText(run('shared-buffer', 'gemini', c.gemini).run.buffers, 0)).toBe('{"path":"a.md"}{"path":"b.md"}');
    expect(bufferText(run('shared-buffer', 'openai-responses', c.responses).run.buffers, 0)).toBe('{"path":"a.md"}{"path":"b.md"}');
    expect(bufferText(run('shared-buffer', 'openai-responses', c.responsesArgsOnlyInDone).run.buffers, 0)).toBe('{"path":"a.md"}');
  });
});

describe('per-call-buffer', () => {
  it('parses each Anthropic block at its content_block_stop', () => {
    const { run: r } = run('per-call-buffer', 'anthropic-messages', c.anthropicDocs);
    expect(r.calls.map((x) => [x.key, x.id, x.readyFrame, x.argsText])).toEqual([
      ['1', 'toolu_a', 6, '{"path": "README.md"}'],
      ['2', 'toolu_b', 11, '{"path": "pyproject.toml"}'],
    ]);
    // the buffer exists (empty) from its call-start frame, then grows by prefixes
    const b = bufferRows(r.buffers)[0];
    expect(b && buffersAt(r, frameIndex(2)).includes(b)).toBe(true);
    expect(b && buffersAt(r, frameIndex(1)).includes(b)).toBe(false);
    expect(b && bufferTextAt(r, b, frameIndex(4))).toBe('{"path": "READ');
  });

  it('keeps a reused index in one buffer and concatenates the names (hermes-agent#3468)', () => {
    const { run: r, carried } = run('per-call-buffer', 'openai-chat', c.reusedIndex);
    expect(carried.map((x) => x.id)).toEqual(['call_a', 'call_b']);
    expect(bufferRows(r.buffers)).toHaveLength(1);
    expect(bufferRows(r.buffers)[0]).toMatchObject({ name: 'write_filewrite_file', callId: 'call_a', text: '{"path": "a"}{"path": "b"}' });
    expect(r.verdicts[0]).toMatchObject({ reason: 'parse-failed', frame: 2 });
  });

  it('waits for finish_reason on Chat even when a call is complete earlier', () => {
    const { run: r } = run('per-call-buffer', 'openai-chat', c.chatInterleaved);
    expect(r.calls.map((x) => [x.id, x.readyFrame])).toEqual([
      ['call_a', 6],
      ['call_b', 6],
    ]);
  });

  it('notes an end event whose args differ from the buffer, and parses the buffer', () => {
    const steps = c.responses.map((s) => ({ ...s }));
    steps[4] = { signals: [{ kind: 'call-end', key: '0', args: '{"path":"other.md"}' }] };
    const { run: r } = run('per-call-buffer', 'openai-responses', steps);
    expect(r.notes).toEqual([{ turn: 0, key: '0', frame: 4, code: 'end-args-differ', detail: '{"path":"other.md"}' }]);
    expect(r.calls[0]?.args).toEqual({ path: 'a.md' });
  });

  it('on a cut Anthropic stream never parses and reports the missing call at the stream end', () => {
    const { run: r } = run('per-call-buffer', 'anthropic-messages', c.anthropicCut);
    expect(r.attempts.count).toBe(0);
    expect(r.verdicts[0]).toMatchObject({ verdict: 'fail', reason: 'call-never-ended', frame: 4, key: '1' });
  });
});

describe('next-index-closes', () => {
  it('closes a call early on interleaved indices and moves its later fragments to a new buffer', () => {
    const { run: r } = run('next-index-closes', 'openai-chat', c.chatInterleaved);
    expect(r.verdicts[0]).toMatchObject({ reason: 'parse-failed', frame: 1, input: '', error: 'Unexpected end of JSON input', key: '0' });
    const key0 = bufferRows(r.buffers).filter((b) => b.key === '0');
    expect(key0.length).toBeGreaterThan(1);
    expect(key0.every((b) => b.callId === 'call_a')).toBe(true);
    expect(r.calls).toEqual([]);
  });

  it('closes the previous call when the next index starts', () => {
    const { run: r } = run('next-index-closes', 'openai-chat', c.chatSequential);
    expect(r.calls.map((x) => [x.id, x.readyFrame])).toEqual([
      ['call_a', 3],
      ['call_b', 5],
    ]);
  });
});

describe('completed-item', () => {
  it('is not applicable on Anthropic and Chat, with a reason key', () => {
    for (const wire of ['anthropic-messages', 'openai-chat'] as const) {
      const { run: r } = run('completed-item', wire, c.mlxWhole);
      expect(r).toMatchObject({ applicable: false, verdict: 'n/a', naReason: 'no-complete-items' });
      expect(r.verdicts[0]).toMatchObject({ verdict: 'n/a', reason: 'not-applicable' });
    }
  });

  it('takes Responses calls at output_item.done, ignoring the deltas', () => {
    const { run: r } = run('completed-item', 'openai-responses', c.responses);
    expect(r.calls.map((x) => x.readyFrame)).toEqual([5, 9]);
    expect(bufferRows(r.buffers).map((b) => fragmentCount(r.fragments, b.id))).toEqual([1, 1]);
  });
});

describe('verdict rules', () => {
  it('a turn with no calls produced and none carried is ok', () => {
    const { run: r } = run('per-call-buffer', 'openai-chat', [{ signals: [{ kind: 'text', text: 'hi' }] }, { signals: [{ kind: 'finish', reason: 'stop' }] }]);
    expect(r.verdicts[0]).toEqual({ turn: 0, verdict: 'ok', reason: 'no-calls' });
  });

  it('judges each turn; overall fails when one turn fails', () => {
    const steps = [...c.mlxWhole, ...c.chatInterleaved.map((s) => ({ ...s, turn: 1 }))];
    const { run: r } = run('next-index-closes', 'openai-chat', steps);
    expect(r.verdicts.map((v) => v.verdict)).toEqual(['ok', 'fail']);
    expect(r.verdict).toBe('fail');
  });

  it('a wrong value parsed from a fragment is a wrong call', () => {
    const { run: r } = run('parse-each-fragment', 'openai-chat', [
      { signals: [{ kind: 'call-start', key: '0', id: 'a', name: 'f' }, { kind: 'args', key: '0', text: '1' }] },
      { signals: [{ kind: 'args', key: '0', text: '2' }] },
      { signals: [{ kind: 'finish', reason: 'tool_calls' }] },
    ]);
    expect(r.calls[0]?.args).toBe(1);
    expect(r.verdicts[0]).toMatchObject({ verdict: 'fail', reason: 'wrong-call', frame: 0 });
  });

  it('a strategy that throws fails its turn instead of crashing', async () => {
    const { runStrategy } = await import('../../../src/core/strategies/run');
    const { frames } = await import('./build');
    const { frames: fs, signals } = frames(c.mlxWhole);
    const boom = {
      id: 'per-call-buffer' as const,
      appliesTo: () => true as const,
      init: () => null,
      step: () => {
        throw new Error('boom');
      },
      endTurn: () => undefined,
    };
    const r = runStrategy(boom, { wire: 'openai-chat', frames: frameTableOf(fs), signals: signalTableOf(signals), carried: [], turns: [turnIndex(0)] });
    expect(r.verdicts[0]).toMatchObject({ verdict: 'fail', error: 'strategy error: boom' });
  });

  it('a strategy whose appliesTo throws is n/a with the code strategy-error, not a free string', async () => {
    const { runStrategy } = await import('../../../src/core/strategies/run');
    const { frames } = await import('./build');
    const { frames: fs, signals } = frames(c.mlxWhole);
    const broken = {
      id: 'per-call-buffer' as const,
      appliesTo: (): true => {
        throw new Error('boom');
      },
      init: () => null,
      step: () => null,
      endTurn: () => undefined,
    };
    const r = runStrategy(broken, { wire: 'openai-chat', frames: frameTableOf(fs), signals: signalTableOf(signals), carried: [], turns: [turnIndex(0)] });
    expect(r).toMatchObject({ applicable: false, verdict: 'n/a', naReason: 'strategy-error' });
  });
});
