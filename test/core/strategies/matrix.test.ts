// Every strategy x the lesson's cases: the verdict, its reason and (for parse failures) where and why.
import { describe, expect, it } from 'vitest';
import type { BuiltinStrategyId, VerdictReason, WireId } from '../../../src/core/types';
import { STRATEGY_IDS } from '../../../src/core/types';
import { run, type Step } from './build';
import * as c from './cases';

type Expect = 'ok' | 'n/a' | VerdictReason;
interface Case {
  name: string;
  wire: WireId;
  steps: Step[];
  expect: Record<BuiltinStrategyId, Expect>;
}

const CASES: Case[] = [
  {
    name: 'mlx whole calls (Chat)',
    wire: 'openai-chat',
    steps: c.mlxWhole,
    expect: { 'parse-each-fragment': 'ok', 'shared-buffer': 'parse-failed', 'per-call-buffer': 'ok', 'completed-item': 'n/a', 'partial-json-preview': 'ok', 'next-index-closes': 'ok' },
  },
  {
    name: 'Anthropic docs-style',
    wire: 'anthropic-messages',
    steps: c.anthropicDocs,
    expect: { 'parse-each-fragment': 'parse-failed', 'shared-buffer': 'parse-failed', 'per-call-buffer': 'ok', 'completed-item': 'n/a', 'partial-json-preview': 'ok', 'next-index-closes': 'n/a' },
  },
  {
    name: 'Anthropic one call',
    wire: 'anthropic-messages',
    steps: c.anthropicOne,
    expect: { 'parse-each-fragment': 'parse-failed', 'shared-buffer': 'ok', 'per-call-buffer': 'ok', 'completed-item': 'n/a', 'partial-json-preview': 'ok', 'next-index-closes': 'n/a' },
  },
  {
    name: 'Anthropic cut mid-arguments',
    wire: 'anthropic-messages',
    steps: c.anthropicCut,
    expect: { 'parse-each-fragment': 'parse-failed', 'shared-buffer': 'parse-failed', 'per-call-buffer': 'call-never-ended', 'completed-item': 'n/a', 'partial-json-preview': 'call-never-ended', 'next-index-closes': 'n/a' },
  },
  {
    name: 'Chat cut mid-arguments',
    wire: 'openai-chat',
    steps: c.chatCut,
    expect: { 'parse-each-fragment': 'parse-failed', 'shared-buffer': 'parse-failed', 'per-call-buffer': 'parse-failed', 'completed-item': 'n/a', 'partial-json-preview': 'parse-failed', 'next-index-closes': 'parse-failed' },
  },
  {
    name: 'Chat interleaved',
    wire: 'openai-chat',
    steps: c.chatInterleaved,
    expect: { 'parse-each-fragment': 'parse-failed', 'shared-buffer': 'parse-failed', 'per-call-buffer': 'ok', 'completed-item': 'n/a', 'partial-json-preview': 'ok', 'next-index-closes': 'parse-failed' },
  },
  {
    name: 'Chat sequential incremental',
    wire: 'openai-chat',
    steps: c.chatSequential,
    expect: { 'parse-each-fragment': 'parse-failed', 'shared-buffer': 'parse-failed', 'per-call-buffer': 'ok', 'completed-item': 'n/a', 'partial-json-preview': 'ok', 'next-index-closes': 'ok' },
  },
  {
    name: 'Chat reused index 0',
    wire: 'openai-chat',
    steps: c.reusedIndex,
    expect: { 'parse-each-fragment': 'missing-call', 'shared-buffer': 'parse-failed', 'per-call-buffer': 'parse-failed', 'completed-item': 'n/a', 'partial-json-preview': 'parse-failed', 'next-index-closes': 'parse-failed' },
  },
  {
    name: 'Responses with output_item.done',
    wire: 'openai-responses',
    steps: c.responses,
    expect: { 'parse-each-fragment': 'parse-failed', 'shared-buffer': 'parse-failed', 'per-call-buffer': 'ok', 'completed-item': 'ok', 'partial-json-preview': 'ok', 'next-index-closes': 'n/a' },
  },
  {
    name: 'Responses args only in done',
    wire: 'openai-responses',
    steps: c.responsesArgsOnlyInDone,
    expect: { 'parse-each-fragment': 'ok', 'shared-buffer': 'ok', 'per-call-buffer': 'ok', 'completed-item': 'ok', 'partial-json-preview': 'ok', 'next-index-closes': 'n/a' },
  },
  {
    name: 'Responses cut after a delta',
    wire: 'openai-responses',
    steps: c.responsesCut,
    expect: { 'parse-each-fragment': 'parse-failed', 'shared-buffer': 'parse-failed', 'per-call-buffer': 'call-never-ended', 'completed-item': 'call-never-ended', 'partial-json-preview': 'call-never-ended', 'next-index-closes': 'n/a' },
  },
  {
    name: 'Gemini whole parts',
    wire: 'gemini',
    steps: c.gemini,
    expect: { 'parse-each-fragment': 'ok', 'shared-buffer': 'parse-failed', 'per-call-buffer': 'ok', 'completed-item': 'ok', 'partial-json-preview': 'ok', 'next-index-closes': 'n/a' },
  },
];

describe.each(CASES)('$name', ({ wire, steps, expect: table }) => {
  it.each(STRATEGY_IDS.map((id) => [id, table[id]] as const))('%s -> %s', (id, want) => {
    const { run: r } = run(id, wire, steps);
    const v = r.verdicts[0];
    if (want === 'ok' || want === 'n/a') {
      expect(r.verdict).toBe(want);
      expect(v?.verdict).toBe(want);
    } else {
      expect(r.verdict).toBe('fail');
      expect(v?.reason).toBe(want);
      expect(v?.frame).toBeTypeOf('number');
      if (want === 'parse-failed') {
        expect(typeof v?.error).toBe('string');
        // The reported input is exactly the failed attempt's input, and JSON.parse rejects it with that message.
        expect(() => JSON.parse(v?.input ?? '')).toThrow(v?.error);
      }
    }
  });
});
