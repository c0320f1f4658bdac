// A buffer opened at a call's start holds no fragment until the first argument fragment arrives: the Anthropic
// documented stream's empty first fragment is then exactly one fragment (''), not two.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../../src/core/session/analyze';
import { buffersAt, fragmentsAt } from '../../../src/core/session/view';
import { frameIndex } from '../../../src/core/types';
import { signalsAt } from '../../../src/core/wire';
import { fragmentAt } from '../../../src/core/strategies/fragments';
import { bufferRows } from '../../../src/core/strategies/buffers';

describe('buffers opened at a call start', () => {
  const r = analyzeText(readFileSync('public/recordings/anthropic-docs.jsonl', 'utf8'), 'anthropic-docs.jsonl');
  if (!r.ok) throw new Error(r.error.message);
  const s = r.session;
  const run = s.strategies['per-call-buffer'];

  it('exist from the call start, empty, then count the empty first fragment once', () => {
    const first = bufferRows(run.buffers)[0];
    if (!first || first.openedAt === undefined) throw new Error('no buffer opened');
    const start = frameIndex(first.openedAt);
    expect(signalsAt(s.signals, start).some((x) => x.kind === 'call-start')).toBe(true);
    expect(buffersAt(run, start)).toContain(first);
    expect(fragmentsAt(run, first, start)).toBe(0);
    const firstFragment = fragmentAt(run.fragments, first.id, 0);
    if (!firstFragment) throw new Error('no fragment');
    expect(firstFragment.end - firstFragment.start).toBe(0); // the documented empty partial_json
    expect(fragmentsAt(run, first, firstFragment.frame)).toBe(1);
    expect(buffersAt(run, frameIndex(start - 1))).not.toContain(first);
  });
});
