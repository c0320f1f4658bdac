// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { translator } from '../../../src/i18n';
import { SelfCheck } from '../../../src/ui/selfcheck/SelfCheck';
import {
  assembleTurn,
  compareAssembly,
  notesSayIdsDiffer,
  readRecordedMessage,
  selfCheck,
  type Assembly,
} from '../../../src/ui/selfcheck/compare';
import { anthropicEvents, anthropicFinal, buildSession } from '../panels/fixture';
import { turnIndex } from '../../../src/core/types';

afterEach(cleanup);

const recordedWith = (edit: (m: { content: Record<string, unknown>[] }) => void): unknown => {
  const m = structuredClone(anthropicFinal()) as { content: Record<string, unknown>[] };
  edit(m);
  return m;
};

describe('self-check compare', () => {
  it('reproduces the recorded Anthropic message byte for byte', () => {
    const s = buildSession(anthropicEvents(), { final: anthropicFinal() });
    expect(assembleTurn(s, turnIndex(0))).toEqual({
      text: 'Reading both files.',
      calls: [
        { id: 'toolu_1', name: 'read_file', args: '{"path": "README.md"}' },
        { id: 'toolu_2', name: 'read_file', args: '{"path": "package.json"}' },
      ],
    });
    expect(selfCheck(s)).toEqual([{ turn: 0, result: { kind: 'match', idsIgnored: false } }]);
  });

  it('names the first difference: path, ours and recorded', () => {
    const final = recordedWith((m) => {
      (m.content[2] as { input: unknown }).input = { path: 'package.jsonx' };
    });
    const [r] = selfCheck(buildSession(anthropicEvents(), { final }));
    expect(r?.result).toMatchObject({ kind: 'differ', path: 'calls[1].arguments' });
    if (r?.result.kind === 'differ') {
      // Quoted excerpts from just before the first differing character.
      expect(r.result.ours).toBe('"age.json\\"}"');
      expect(r.result.recorded).toBe('"age.jsonx\\"}"');
    }
    const fewer = recordedWith((m) => m.content.pop());
    expect(selfCheck(buildSession(anthropicEvents(), { final: fewer }))[0]?.result).toEqual({
      kind: 'differ',
      path: 'calls.length',
      ours: '2',
      recorded: '1',
    });
  });

  it('reports different ids, unless the recording’s note says ids differ', () => {
    const final = recordedWith((m) => {
      (m.content[1] as { id: string }).id = 'toolu_other';
    });
    expect(selfCheck(buildSession(anthropicEvents(), { final }))[0]?.result).toMatchObject({ kind: 'differ', path: 'calls[0].id' });
    const noted = buildSession(anthropicEvents(), { final, notes: "Only the server's random call ids differ from a non-streaming reply." });
    expect(selfCheck(noted)[0]?.result).toEqual({ kind: 'match', idsIgnored: true });
    expect(notesSayIdsDiffer(['调用 id 不同'])).toBe(true);
    expect(notesSayIdsDiffer(['captured locally', undefined])).toBe(false);
  });

  it('compares string arguments (Chat) byte for byte: whitespace counts', () => {
    const recorded = readRecordedMessage('openai-chat', {
      choices: [{ message: { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a"}' } }] } }],
    }) as Assembly;
    expect(recorded).toEqual({ text: '', calls: [{ id: 'c1', name: 'read_file', args: '{"path":"a"}' }] });
    const ours: Assembly = { text: '', calls: [{ id: 'c1', name: 'read_file', args: '{"path": "a"}' }] };
    expect(compareAssembly(ours, recorded, false)).toMatchObject({ kind: 'differ', path: 'calls[0].arguments' });
    expect(compareAssembly({ ...ours, calls: [{ id: 'c1', name: 'read_file', args: '{"path":"a"}' }] }, recorded, false)).toEqual({
      kind: 'match',
      idsIgnored: false,
    });
  });

  it('compares object arguments nested 100,000 levels (Anthropic input) without overflowing', () => {
    const D = 100_000;
    const text = `${'{"a":'.repeat(D)}1${'}'.repeat(D)}`;
    const ours: Assembly = { text: '', calls: [{ id: 't', name: 'f', args: text.replace('{"a":1}', '{"a": 1}') }] };
    const same = readRecordedMessage('anthropic-messages', { content: [{ type: 'tool_use', id: 't', name: 'f', input: JSON.parse(text) }] }) as Assembly;
    expect(compareAssembly(ours, same, false)).toEqual({ kind: 'match', idsIgnored: false });
    const other = readRecordedMessage('anthropic-messages', { content: [{ type: 'tool_use', id: 't', name: 'f', input: JSON.parse(text.replace('1', '2')) }] }) as Assembly;
    expect(compareAssembly(ours, other, false)).toMatchObject({ kind: 'differ', path: 'calls[0].arguments' });
  });

  it('reads Responses and Gemini messages, and refuses unknown shapes without throwing', () => {
    expect(
      readRecordedMessage('openai-responses', {
        output: [
          { type: 'message', content: [{ type: 'output_text', text: 'hi' }] },
          { type: 'function_call', call_id: 'call_1', name: 'f', arguments: '{}' },
        ],
      }),
    ).toEqual({ text: 'hi', calls: [{ id: 'call_1', name: 'f', args: '{}' }] });
    expect(readRecordedMessage('gemini', { candidates: [{ content: { parts: [{ functionCall: { name: 'f', args: { a: 1 } } }] } }] })).toEqual({
      text: '',
      calls: [{ id: '', name: 'f', args: { a: 1 } }],
    });
    for (const bad of [null, 42, 'x', [], { content: 'nope' }]) expect(readRecordedMessage('anthropic-messages', bad)).toBeNull();
    expect(selfCheck(buildSession(anthropicEvents(), { final: 'garbage' }))[0]?.result).toEqual({ kind: 'unknown' });
  });
});

describe('SelfCheck footer', () => {
  it('says byte for byte, in both languages', () => {
    const s = buildSession(anthropicEvents(), { final: anthropicFinal() });
    render(<SelfCheck session={s} t={translator('en')} />);
    expect(screen.getByText(/reproduces the recorded message byte for byte/)).toBeTruthy();
    cleanup();
    render(<SelfCheck session={s} t={translator('zh')} />);
    expect(screen.getByText(/逐字节一致/)).toBeTruthy();
  });

  it('shows nothing without a recorded message, and hostile differences as text', () => {
    const { container } = render(<SelfCheck session={buildSession(anthropicEvents())} t={translator('en')} />);
    expect(container.innerHTML).toBe('');
    const final = recordedWith((m) => {
      (m.content[0] as { text: string }).text = '<img src=x onerror=alert(1)>';
    });
    const r = render(<SelfCheck session={buildSession(anthropicEvents(), { final })} t={translator('en')} />);
    expect(r.container.querySelector('img')).toBeNull();
    expect(r.container.textContent).toContain('First difference at text');
    expect(r.container.textContent).toContain('<img src=x');
  });
});
