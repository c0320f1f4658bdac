// @vitest-environment jsdom
// The buffers and results panels on a call-heavy stream: they draw the last PANEL_ITEMS buffers, previews and ready
// calls (src/ui/panels/lastOf.ts) and say how many they leave out; short lists are drawn whole, with no note.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { BuffersPanel } from '../../../src/ui/panels/buffers/BuffersPanel';
import { ResultsPanel } from '../../../src/ui/panels/results/ResultsPanel';
import { PANEL_ITEMS, lastOf } from '../../../src/ui/panels/lastOf';
import { analyzeText } from '../../../src/core/session/analyze';
import { bufferCount } from '../../../src/core/strategies/buffers';
import type { Session } from '../../../src/core/types';
import { writeCallHeavy } from '../../../bench/lib/call-heavy';
import { giveElementsASize, renderPanel } from './render';

beforeAll(giveElementsASize);
afterEach(cleanup);

function callHeavy(frames: number): Session {
  const dir = mkdtempSync(join(tmpdir(), 'ss-long-'));
  try {
    const file = join(dir, 'calls.sse');
    writeCallHeavy(file, frames);
    const r = analyzeText(readFileSync(file, 'utf8'), 'calls.sse');
    if (!r.ok) throw new Error('could not analyse the call-heavy stream');
    return r.session;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const session = callHeavy(1_500);
const last = session.frames.count - 1;

describe('long lists in the panels', () => {
  it('lastOf keeps the last items and counts the rest', () => {
    expect(lastOf([1, 2, 3], 2)).toEqual({ shown: [2, 3], hidden: 1 });
    expect(lastOf([1, 2], 2)).toEqual({ shown: [1, 2], hidden: 0 });
  });

  it('the buffers panel draws the last buffers opened and says how many it leaves out (en, zh)', () => {
    const total = bufferCount(session.strategies['next-index-closes'].buffers);
    expect(total).toBeGreaterThan(PANEL_ITEMS * 4);
    const { container } = renderPanel(BuffersPanel, session, { strategy: 'next-index-closes', frame: last });
    expect(container.querySelectorAll('.ss-buffer')).toHaveLength(PANEL_ITEMS);
    expect(screen.getByText(`Showing the last ${PANEL_ITEMS} of the ${total.toLocaleString('en-US')} buffers opened so far.`)).toBeTruthy();
    cleanup();
    renderPanel(BuffersPanel, session, { strategy: 'next-index-closes', frame: last, lang: 'zh' });
    expect(screen.getByText(new RegExp(`只显示最近打开的 ${PANEL_ITEMS} 个缓冲区`))).toBeTruthy();
  });

  it('the results panel draws the last ready calls and previews, with a note each', async () => {
    const calls = session.strategies['per-call-buffer'].calls.length;
    expect(calls).toBeGreaterThan(PANEL_ITEMS);
    const { container } = renderPanel(ResultsPanel, session, { strategy: 'per-call-buffer', frame: last });
    expect(container.querySelectorAll('.ss-calls > li')).toHaveLength(PANEL_ITEMS);
    expect(screen.getByText(`Showing the last ${PANEL_ITEMS} of the ${calls.toLocaleString('en-US')} calls ready so far, in the order they began.`)).toBeTruthy();
    cleanup();
    const previews = renderPanel(ResultsPanel, session, { strategy: 'partial-json-preview', frame: last });
    const total = bufferCount(session.strategies['partial-json-preview'].buffers);
    expect(await screen.findByText(`Showing the last ${PANEL_ITEMS} of the ${total.toLocaleString('en-US')} buffers opened so far.`)).toBeTruthy();
    expect(previews.container.querySelectorAll('.ss-previews > li')).toHaveLength(PANEL_ITEMS);
  });

  it('a short list is drawn whole, with no note', () => {
    const { container } = renderPanel(BuffersPanel, session, { strategy: 'per-call-buffer', frame: 30 });
    const boxes = container.querySelectorAll('.ss-buffer').length;
    expect(boxes).toBeGreaterThan(0);
    expect(boxes).toBeLessThan(PANEL_ITEMS);
    expect(screen.queryByText(/Showing the last/)).toBeNull();
  });
});
