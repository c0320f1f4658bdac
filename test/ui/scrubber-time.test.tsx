// @vitest-environment jsdom
// "Space by time": frames placed by recorded time, so agent-run's 885.8 ms silence in turn 7 and the thinking
// turn's 6.6 s of reasoning look long; x -> frame inverts frame -> x on that scale too. And the help lists every key.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { cleanup, render, screen } from '@testing-library/react';
import { analyzeText } from '../../src/core/session/analyze';
import type { Session } from '../../src/core/types';
import { playTimes } from '../../src/store/timebase';
import { frameToX, timePositions, xToFrame } from '../../src/ui/scrubber/geometry';
import { HelpDialog } from '../../src/ui/shell/HelpDialog';
import { createPlayerStore } from '../../src/store/player';
import { PlayerProvider } from '../../src/store/react';
import { FK } from '../../src/core/wire';

afterEach(cleanup);
function load(name: string): Session {
  const r = analyzeText(readFileSync(join(process.cwd(), 'public/recordings', name), 'utf8'), name);
  if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
  return r.session;
}

describe('time-proportional timeline', () => {
  const W = 1400;
  test('agent-run: the silence of turn 7 takes room by time, a frame step by index', () => {
    const s = load('agent-run.jsonl');
    const gap = s.timings[6]!.gaps.find((g) => Math.abs(g.lengthMs - 885.8) < 0.5)!;
    expect(gap).toBeTruthy();
    const pos = timePositions(playTimes(s, 'recorded'));
    const n = s.frames.count;
    const byIndex = frameToX(gap.frame, n, W) - frameToX(gap.frame - 1, n, W);
    const byTime = frameToX(gap.frame, n, W, pos) - frameToX(gap.frame - 1, n, W, pos);
    expect(byIndex).toBeLessThan(11);
    expect(byTime).toBeGreaterThan(90); // 885.8 ms of about 12.2 s across 1,384 px
  });

  test('thinking turn: reasoning spans most of the track by time (6.6 s before the first text)', () => {
    const s = load('thinking-turn.jsonl');
    const pos = timePositions(playTimes(s, 'recorded'))!;
    const firstText = s.kinds.indexOf(FK.text);
    expect(pos[firstText]!).toBeGreaterThan(0.9);
  });

  test('x -> frame finds the nearest frame on a time scale (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1000, noNaN: true }), { minLength: 2, maxLength: 300 }), fc.integer({ min: 100, max: 3000 }), (raw, w) => {
        const times = Float64Array.from([...raw].sort((a, b) => a - b));
        const pos = timePositions(times);
        if (!pos) return true;
        const n = times.length;
        for (let f = 0; f < n; f += Math.max(1, Math.floor(n / 20))) {
          const back = xToFrame(frameToX(f, n, w, pos), n, w, pos);
          // the same place (frames at one instant share it) within a pixel
          if (Math.abs(frameToX(back, n, w, pos) - frameToX(f, n, w, pos)) > 1e-6) return false;
        }
        return true;
      }),
    );
  });

  test('no time span (all frames at one instant): no time scale', () => {
    expect(timePositions(Float64Array.from([5, 5, 5]))).toBeNull();
  });
});

describe('help dialog', () => {
  test('lists every key: P, PgUp / PgDn, W / S / A / D, arrows, Enter, Esc', () => {
    const store = createPlayerStore({
      analyze: async () => ({ ok: false, error: { message: 'unused' } }),
      fetchText: async () => '{"recordings":[]}',
      scheduler: { now: () => 0, request: () => 0, cancel: () => {} },
    });
    render(
      <PlayerProvider store={store}>
        <HelpDialog open={false} onClose={() => undefined} />
      </PlayerProvider>,
    );
    const keys = [...document.querySelectorAll('kbd')].map((k) => k.textContent);
    for (const k of ['Space', '←', '→', '[', ']', 'Home', 'End', '↑', '↓', 'Enter', 'P', 'PgUp', 'PgDn', 'W', 'S', 'A', 'D', 'Esc', '?']) expect(keys).toContain(k);
    expect(screen.getByText('Presenter mode on or off', { selector: 'td' })).toBeTruthy();
  });
});
