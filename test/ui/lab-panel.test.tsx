// @vitest-environment jsdom
// The lab panel, the tour region and the lab bar in jsdom, on a store fed by core's real analysis of the shipped
// recordings: switches change the store's faults and the verdicts shown, wrong-wire faults are disabled with the
// reason, errors and tour texts are text (never HTML), and both languages have every key the lab uses.
import { readFileSync } from 'node:fs';
import { frameIndex } from '../../src/core/types';
import { afterEach, describe, expect, test } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { analyzeText } from '../../src/core/session/analyze';
import { FAULT_IDS } from '../../src/core/faults';
import { createPlayerStore } from '../../src/store/player';
import { PlayerProvider } from '../../src/store/react';
import type { Analyzer } from '../../src/store/state';
import { catalogs, placeholderNames } from '../../src/i18n';
import { LabBar } from '../../src/ui/lab/LabBar';
import { LabPanel } from '../../src/ui/lab/LabPanel';
import { buildSpec, move, specInputs, wireBlock } from '../../src/ui/lab/faultSpecs';
import { TourRegion } from '../../src/ui/tour/TourRegion';
import { manualScheduler } from '../store/fixture';

afterEach(cleanup);

const files: Record<string, string> = {};
const fetchText = async (url: string) => {
  const rel = url.replace(/^\.\//, '');
  return files[rel] ?? readFileSync(`public/${rel}`, 'utf8');
};
const analyze: Analyzer = async (input, name, hooks) => analyzeText(input, name, { ...(hooks.faults && { faults: hooks.faults }) });

async function setup(rec: string, lang: 'en' | 'zh' = 'en') {
  const store = createPlayerStore({ analyze, fetchText, scheduler: manualScheduler(), lang });
  await store.actions.loadRecording(rec);
  render(
    <PlayerProvider store={store}>
      <LabBar />
      <TourRegion />
      <LabPanel />
    </PlayerProvider>,
  );
  return store;
}

describe('lab panel', () => {
  test('an ok strategy on a stream that said tool_calls and sent no call is a warning, as in the conclusion', async () => {
    const store = await setup('agent-run');
    act(() => store.actions.setStrategy('per-call-buffer'));
    const lab = screen.getByRole('region', { name: 'Instructor lab' });
    const frame = store.getState().session?.anomalies.find((x) => x.code === 'finish-tool-calls-without-call')?.frame;
    expect(frame).toBeDefined();
    const item = lab.querySelector('[data-strategy="per-call-buffer"]');
    expect(item?.getAttribute('data-verdict')).toBe('warn');
    expect(item?.textContent).toContain(`warning at frame ${frame}: finish_reason tool_calls with no call`);
    // a strategy that fails stays a failure
    expect(lab.querySelector('[data-strategy="parse-each-fragment"]')?.getAttribute('data-verdict')).not.toBe('ok');
  });

  test('switching "Cut the stream" cuts at the current frame and the verdicts follow; removing restores them', async () => {
    const store = await setup('anthropic-docs');
    act(() => store.actions.setStrategy('per-call-buffer'));
    act(() => store.actions.seek(frameIndex(12)));
    const lab = screen.getByRole('region', { name: 'Instructor lab' });
    const verdict = () => lab.querySelector('[data-strategy="per-call-buffer"]')?.getAttribute('data-verdict');
    expect(verdict()).toBe('ok');
    await act(async () => {
      fireEvent.click(within(lab).getByRole('checkbox', { name: /Cut the stream/ }));
    });
    await waitFor(() => expect(store.lab.getState().applied.faults).toEqual(['cut:12']), { timeout: 10_000 });
    expect(verdict()).toBe('fail');
    expect(within(lab).getByText('One buffer per call: fails at frame 12')).toBeTruthy();
    expect(screen.getByText('Faults on: 1')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(lab).getByRole('button', { name: 'Remove cut:12' }));
    });
    await waitFor(() => expect(store.lab.getState().applied.faults).toEqual([]), { timeout: 10_000 });
    expect(verdict()).toBe('ok');
  });

  test('Chat-only faults are disabled on an Anthropic stream, with the reason tied to the switch', async () => {
    await setup('anthropic-docs', 'zh');
    const box = screen.getByRole('checkbox', { name: /并行调用交错到达/ }) as HTMLInputElement;
    expect(box.disabled).toBe(true);
    const hint = document.getElementById(box.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('只适用于 openai-chat 的流;这条录制是 anthropic-messages。');
    expect((screen.getByRole('checkbox', { name: /掐断流/ }) as HTMLInputElement).disabled).toBe(false);
  });

  test('a fault error is shown as text naming the fault, never as HTML', async () => {
    const store = await setup('parallel-probe');
    await act(async () => {
      await store.actions.setFaults(['cut:<img src=x onerror=alert(1)>', 'drop:99']);
    });
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('img')).toBeNull();
    expect(alert.textContent).toContain('F must be a number, got “<img src=x onerror=alert(1)>” (write cut:F)');
    expect(alert.textContent).toContain('“drop:99”: frame 99 does not exist; at that point the recording has 6 frames.');
  });

  test('reordering moves a fault and re-analyses in the new order', async () => {
    const store = await setup('parallel-probe');
    await act(async () => {
      await store.actions.setFaults(['rechunk:3', 'cut:3']);
    });
    const framesBefore = store.getState().session?.frames.count;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Move cut:3 earlier' }));
    });
    await waitFor(() => expect(store.lab.getState().applied.faults).toEqual(['cut:3', 'rechunk:3']), { timeout: 10_000 });
    expect(store.getState().session?.frames.count).not.toBe(framesBefore);
  });
});

describe('tour region', () => {
  test('shows caption, counter and buttons; steps with the buttons; a bad file is named', async () => {
    files['tours/evil.json'] = JSON.stringify({
      'streamscope-tour': 1,
      title: { zh: '<b>t</b>', en: '<b>t</b>' },
      steps: [
        { caption: { zh: '一 <script>x</script>', en: 'one <script>x</script>' }, rec: 'parallel-probe', frame: 'last', highlight: 'raw' },
        { caption: { zh: '二', en: 'two' }, rec: 'parallel-probe', strategy: 'per-call-buffer', frame: 2 },
      ],
    });
    files['tours/broken.json'] = JSON.stringify({ 'streamscope-tour': 1, title: { zh: 'x', en: 'x' }, steps: [{ caption: { zh: 'a', en: 'b' }, frame: { turn: 0 } }] });
    const store = await setup('anthropic-docs');
    await act(async () => {
      await store.actions.openTour('evil');
    });
    const tour = screen.getByRole('region', { name: 'Tour' });
    expect(tour.querySelector('script, b')).toBeNull();
    expect(within(tour).getByText('one <script>x</script>')).toBeTruthy();
    expect(within(tour).getByText('Step 1 of 2')).toBeTruthy();
    expect(within(tour).getByText('Look at: Raw events')).toBeTruthy();
    expect((within(tour).getByRole('button', { name: 'Previous step' }) as HTMLButtonElement).disabled).toBe(true);
    expect(store.getState().frame).toBe(5);
    await act(async () => {
      fireEvent.click(within(tour).getByRole('button', { name: 'Next step' }));
    });
    await waitFor(() => expect(store.getState().frame).toBe(2), { timeout: 10_000 });
    expect(store.getState().strategy).toBe('per-call-buffer');
    expect(within(tour).getByText('Step 2 of 2')).toBeTruthy();
    await act(async () => {
      await store.actions.openTour('broken');
    });
    expect(screen.getByRole('alert').textContent).toBe('The tour “broken” has a problem at steps[0].frame: expected a frame number, "first-fail", "last" or {"turn": N (from 1), "at": "start|end|longest-gap", "offset": K}.');
  });
});

describe('lab helpers and catalogs', () => {
  test('specs from the inputs: defaults, the current frame for frame parameters', () => {
    expect(buildSpec('rechunk', {}, 9)).toBe('rechunk:3');
    expect(buildSpec('rechunk', { N: '7' }, 9)).toBe('rechunk:7');
    expect(buildSpec('cut', {}, 9)).toBe('cut:9');
    expect(buildSpec('stall', { F: '2', MS: 'x' }, 9)).toBe('stall:2:1000');
    expect(buildSpec('crlf', {}, 9)).toBe('crlf');
    expect(specInputs('stall:4:500')).toEqual({ F: '4', MS: '500' });
    expect(wireBlock('interleave', 'gemini')).toEqual(['openai-chat']);
    expect(wireBlock('interleave', 'openai-chat')).toBeNull();
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  test('every lab key exists in en and zh, with the same placeholders, and every fault has a label', () => {
    const keys = Object.keys(catalogs.en).filter((k) => k.startsWith('lab.'));
    expect(keys.length).toBeGreaterThan(50);
    const holes = placeholderNames;
    for (const k of keys) {
      expect(catalogs.zh[k], k).toBeTruthy();
      expect(holes(catalogs.zh[k] ?? ''), k).toEqual(holes(catalogs.en[k] ?? ''));
    }
    for (const id of FAULT_IDS) for (const k of [`lab.fault.${id}`, `lab.fault.${id}.hint`]) expect(catalogs.en[k], k).toBeTruthy();
    for (const code of ['empty', 'unknown-fault', 'missing-param', 'extra-param', 'bad-number', 'out-of-range', 'no-such-frame', 'wrong-wire', 'unknown-wire', 'internal']) {
      expect(catalogs.en[`lab.error.${code}`], code).toBeTruthy();
    }
  });
});
