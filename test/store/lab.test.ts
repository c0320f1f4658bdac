// The lab part of the player store through the real pipeline: core's analyzeText on the shipped recordings and
// the shipped lesson tour (public/), with faults passed the way the app's analyzer passes them.
import { readFileSync } from 'node:fs';
import { frameIndex } from '../../src/core/types';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { analyzeText } from '../../src/core/session/analyze';
import { createPlayerStore, type PlayerStore } from '../../src/store/player';
import type { Analyzer } from '../../src/store/state';
import { manualScheduler } from './fixture';
import { chunkList } from '../../src/core/chunk-table';
import { attemptRows } from '../../src/core/strategies/attempts';

/** The player's and the lab's state in one object (the lab is a store of its own). */
const both = (st: { getState(): object; lab: { getState(): object } }) => ({ ...st.getState(), ...st.lab.getState() }) as ReturnType<PlayerStore['getState']> & ReturnType<PlayerStore['lab']['getState']>;

const pub = (p: string) => readFileSync(join(process.cwd(), 'public', p), 'utf8');

function setup(extra: Record<string, string> = {}) {
  const fetchText = vi.fn(async (url: string) => {
    const rel = url.replace(/^\.\//, '');
    if (rel in extra) return extra[rel] as string;
    return pub(rel);
  });
  const calls: (readonly string[] | undefined)[] = [];
  const analyze: Analyzer = async (input, name, hooks) => {
    calls.push(hooks.faults);
    return analyzeText(input, name, { ...(hooks.faults && { faults: hooks.faults }), ...(hooks.seed !== undefined && { seed: hooks.seed }) });
  };
  const store = createPlayerStore({ analyze, fetchText, scheduler: manualScheduler() });
  return { store, a: store.actions, fetchText, calls };
}

const verdict = (store: ReturnType<typeof setup>['store']) => {
  const s = both(store);
  return s.session?.strategies[s.strategy].verdict;
};

describe('faults in the store', () => {
  test('setFaults re-analyses the current recording, keeps the frame, and the session recording is the faulted one', async () => {
    const { store, a, fetchText } = setup();
    a.setStrategy('per-call-buffer');
    await a.loadRecording('anthropic-docs', { frame: frameIndex(5) });
    const pristine = both(store).session;
    expect(verdict(store)).toBe('ok');
    expect(pristine?.frames.count).toBe(19);
    const fetches = fetchText.mock.calls.length;

    await a.setFaults(['cut:12']);
    const s = both(store);
    expect(s.session).not.toBe(pristine);
    expect(s.session?.frames.count).toBe(13);
    expect(verdict(store)).toBe('fail');
    expect(s.frame).toBe(5);
    expect(s.applied).toEqual({ faults: ['cut:12'], seed: 1, noEffect: [] });
    // the recording behind the session is cut: fewer bytes than the original's
    const bytes = (r: typeof pristine) => r?.recording.turns.reduce((n, t) => n + chunkList(t.chunks).reduce((m, c) => m + c.bytes.length, 0), 0) ?? 0;
    expect(bytes(s.session)).toBeLessThan(bytes(pristine));
    // the original input was kept: nothing fetched again
    expect(fetchText.mock.calls.length).toBe(fetches);

    await a.setFaults([]);
    expect(both(store).session?.frames.count).toBe(19);
    expect(verdict(store)).toBe('ok');
  });

  test('a fault that cannot apply is left out and named; the others still apply', async () => {
    const { store, a } = setup();
    await a.loadRecording('anthropic-docs');
    await a.setFaults(['interleave', 'cut:12', 'cut:999', 'bogus:1']);
    const s = both(store);
    expect(s.applied.faults).toEqual(['cut:12']);
    expect(s.faults).toEqual(['cut:12']);
    expect(s.faultErrors.map((n) => n.key).sort()).toEqual(['lab.error.no-such-frame', 'lab.error.unknown-fault', 'lab.error.wrong-wire']);
    const wrongWire = s.faultErrors.find((n) => n.key === 'lab.error.wrong-wire');
    expect(wrongWire?.params).toMatchObject({ spec: 'interleave', wire: 'anthropic-messages' });
    const noFrame = s.faultErrors.find((n) => n.key === 'lab.error.no-such-frame');
    expect(noFrame?.params).toMatchObject({ spec: 'cut:999', frame: 999, frames: 13 });
  });

  test('faults set before a load apply to it; a fault that changes nothing is reported', async () => {
    const { store, a, calls } = setup();
    await a.setFaults(['crlf', 'rechunk:3']);
    expect(both(store).session).toBeNull();
    a.setStrategy('parse-each-fragment');
    await a.loadRecording('parallel-probe');
    expect(calls.at(-1)).toEqual(['crlf', 'rechunk:3']);
    expect(verdict(store)).toBe('fail');
    expect(store.lab.getState().applied.noEffect).toEqual([]);
    await a.setFaults(['split-utf8']);
    // parallel-probe is ASCII only in its bytes that split-utf8 could cut, or not: either way the report is data
    const { applied, session } = both(store);
    expect(applied.faults).toEqual(['split-utf8']);
    expect(session?.frames.count).toBe(6);
  });

  test('changing the seed re-analyses with it', async () => {
    const { store, a, calls } = setup();
    await a.loadRecording('parallel-probe');
    await a.setFaults(['bursts:50']);
    await a.setSeed(7);
    expect(store.lab.getState().applied.seed).toBe(7);
    expect(calls.length).toBe(3);
  });
});

describe('the lesson tour', () => {
  test('opens, lands each step on its recording, strategy, faults, frame and highlight, and steps back', async () => {
    const { store, a } = setup();
    await a.openTour('lesson');
    let s = both(store);
    expect(s.tourError).toBeNull();
    expect(s.tour?.steps.length).toBeGreaterThanOrEqual(8);
    expect(s.source).toEqual({ kind: 'shipped', id: 'parallel-probe' });
    expect(s.strategy).toBe('shared-buffer');
    expect(s.frame).toBe(5);
    expect(s.highlight).toBe('conclusion');

    await a.tourStep(2);
    s = both(store);
    expect(s.source).toEqual({ kind: 'shipped', id: 'anthropic-docs' });
    expect(s.strategy).toBe('parse-each-fragment');
    expect(s.frame).toBe(7);
    a.tourChoose(1);
    a.tourReveal();
    s = both(store);
    expect(s.tour?.revealed).toBe(true);
    expect(s.tour?.chosen).toBe(1);
    // revealed on the first failing frame: JSON.parse('')
    expect(s.frame).toBe(8);
    expect(attemptRows(s.session!.strategies['parse-each-fragment']).find((x) => x.frame === 8)?.ok).toBe(false);

    const cutStep = s.tour?.steps.findIndex((st) => st.faults?.length) ?? -1;
    await a.tourStep(cutStep);
    s = both(store);
    expect(s.applied.faults).toEqual(['cut:12']);
    expect(s.session?.strategies['per-call-buffer'].verdict).toBe('fail');
    expect(s.frame).toBe(12);

    // turn 7 of the agent run: the prediction sits on the last frame before the 885.8 ms silence
    const predict = s.tour?.steps.findIndex((st) => st.rec === 'agent-run' && st.predict) ?? -1;
    await a.tourStep(predict);
    s = both(store);
    expect(s.applied.faults).toEqual([]);
    expect(s.frame).toBe(128);
    a.tourReveal();
    expect(both(store).frame).toBe(129);

    await a.tourStep(predict - 1);
    expect(both(store).frame).toBe(24);
    a.closeTour();
    expect(store.lab.getState().tour).toBeNull();
    expect(store.lab.getState().highlight).toBeNull();
  });

  test('a bad tour file is named with the path of its first problem', async () => {
    const bad = JSON.stringify({ 'streamscope-tour': 1, title: { zh: 'x', en: 'x' }, steps: [{ caption: { zh: 'a', en: 'b' }, strategy: 'nope' }] });
    const { store, a } = setup({ 'tours/bad.json': bad, 'tours/notjson.json': '{' });
    await a.openTour('bad');
    expect(store.lab.getState().tourError).toMatchObject({ key: 'lab.tour.error.format', params: { id: 'bad', path: 'steps[0].strategy' } });
    await a.openTour('notjson');
    expect(store.lab.getState().tourError?.key).toBe('lab.tour.error.json');
    await a.openTour('../etc');
    expect(store.lab.getState().tourError?.key).toBe('lab.tour.error.id');
    await a.openTour('missing');
    expect(store.lab.getState().tourError?.key).toBe('lab.tour.error.fetch');
    expect(store.lab.getState().tour).toBeNull();
  });
});
