// Tours that do not give the answer away and leave the page as they found it: a step that points at the lab or
// the matrix opens it and the next step (or closing the tour) closes it again, unless the reader had it open;
// while a prediction waits, predictionPending is true (the timeline and the conclusion hold back).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { analyzeText } from '../../src/core/session/analyze';
import { createPlayerStore, type PlayerStore } from '../../src/store/player';
import { predictionPending } from '../../src/store/tourPending';
import type { Analyzer } from '../../src/store/state';
import { manualScheduler } from './fixture';

/** The player's and the lab's state in one object (the lab is a store of its own). */
const both = (st: { getState(): object; lab: { getState(): object } }) => ({ ...st.getState(), ...st.lab.getState() }) as ReturnType<PlayerStore['getState']> & ReturnType<PlayerStore['lab']['getState']>;

const pub = (p: string) => readFileSync(join(process.cwd(), 'public', p), 'utf8');
const tour = JSON.stringify({
  'streamscope-tour': 1,
  title: { zh: '工具', en: 'Tools' },
  steps: [
    { caption: { zh: '一', en: 'one' }, rec: 'parallel-probe', highlight: 'lab' },
    { caption: { zh: '二', en: 'two' }, rec: 'parallel-probe', highlight: 'matrix' },
    {
      caption: { zh: '三', en: 'three' },
      rec: 'parallel-probe',
      frame: 2,
      highlight: 'conclusion',
      predict: { question: { zh: '?', en: '?' }, choices: [{ label: { zh: '是', en: 'yes' }, correct: true }, { label: { zh: '否', en: 'no' } }] },
    },
  ],
});

function setup() {
  const fetchText = async (url: string) => {
    const rel = url.replace(/^\.\//, '');
    return rel === 'tours/tools.json' ? tour : pub(rel);
  };
  const analyze: Analyzer = async (input, name) => analyzeText(input, name);
  return createPlayerStore({ analyze, fetchText, scheduler: manualScheduler() });
}

describe('tour steps and the tools they open', () => {
  test('each step closes what the previous one opened; closing the tour closes it too', async () => {
    const store = setup();
    const a = store.actions;
    await a.openTour('tools');
    expect(store.lab.getState().labOpen).toBe(true);
    await a.tourStep(1);
    expect(both(store)).toMatchObject({ labOpen: false, matrixOpen: true });
    await a.tourStep(2);
    expect(both(store)).toMatchObject({ labOpen: false, matrixOpen: false });
    await a.tourStep(1);
    a.closeTour();
    expect(store.lab.getState().matrixOpen).toBe(false);
  });

  test('a tool the reader had open stays open', async () => {
    const store = setup();
    store.actions.setLabOpen(true);
    await store.actions.openTour('tools');
    await store.actions.tourStep(1);
    expect(store.lab.getState().labOpen).toBe(true);
  });

  test('a prediction is pending until it is revealed', async () => {
    const store = setup();
    await store.actions.openTour('tools');
    expect(predictionPending(store.lab.getState().tour)).toBe(false);
    await store.actions.tourStep(2);
    expect(predictionPending(store.lab.getState().tour)).toBe(true);
    store.actions.tourReveal();
    expect(predictionPending(store.lab.getState().tour)).toBe(false);
    expect(predictionPending(null)).toBe(false);
  });
});
