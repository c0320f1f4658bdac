// The lab's URL parameters (store/labUrl) and the tour format reader (store/labTour): pure functions.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { labSearch, parseLabParams, type LabParams } from '../../src/store/labUrl';
import { parseTour, resolveStepFrame } from '../../src/store/labTour';
import { frameIndex, turnIndex } from '../../src/core/types';
import { twoTurnSession } from './fixture';

describe('lab URL parameters', () => {
  test('reads faults in order, seed, tour, step and the flags', () => {
    const { lab, rejected } = parseLabParams('?rec=x&faults=cut:12,%20rechunk:3&seed=7&tour=lesson&step=4&presenter=1&lab=true&matrix=0');
    expect(lab).toEqual({ faults: ['cut:12', 'rechunk:3'], seed: 7, tour: 'lesson', step: 4, presenter: true, lab: true, matrix: false });
    expect(rejected).toEqual([]);
  });

  test('drops and names what it cannot read, never guessing', () => {
    const { lab, rejected } = parseLabParams('?faults=<script>&seed=1.5&tour=../x&step=0&presenter=yes');
    expect(lab).toEqual({});
    expect(rejected).toEqual(['faults=<script>', 'seed=1.5', 'tour=../x', 'step=0', 'presenter=yes']);
  });

  test('writes only its own parameters and keeps the others in place', () => {
    const search = labSearch({ faults: ['cut:3'], presenter: true, lab: false }, '?rec=a&faults=old&f=4&lab=1');
    const p = new URLSearchParams(search);
    expect([...p.keys()]).toEqual(['rec', 'faults', 'f', 'presenter']);
    expect(p.get('faults')).toBe('cut:3');
    expect(labSearch({}, '')).toBe('');
    // defaults are left out: seed 1, step 1, no tour -> no step
    expect(labSearch({ seed: 1, step: 3 }, '?rec=a')).toBe('?rec=a');
  });

  test('round trip: parse(labSearch(v)) gives v back (defaults left out)', () => {
    const spec = fc.stringMatching(/^[a-z][a-z0-9:.-]{0,20}$/);
    const value = fc.record(
      {
        faults: fc.array(spec, { minLength: 1, maxLength: 5 }),
        seed: fc.integer({ min: 2, max: 99999 }),
        tour: fc.stringMatching(/^[a-z][a-z0-9_-]{0,10}$/),
        step: fc.integer({ min: 2, max: 999 }),
        presenter: fc.constant(true),
        lab: fc.constant(true),
        matrix: fc.constant(true),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(value, (v: LabParams) => {
        const want = { ...v };
        if (want.tour === undefined) delete want.step;
        expect(parseLabParams(labSearch(v, '?s=shared-buffer')).lab).toEqual(want);
      }),
    );
  });
});

describe('tour files', () => {
  const ok = { 'streamscope-tour': 1, title: { zh: '题', en: 'T' }, steps: [{ caption: { zh: '看', en: 'Look' } }] };

  test('a minimal tour reads; every field is checked with its path', () => {
    expect(parseTour(ok, 'x')).toEqual({ ok: true, tour: { id: 'x', title: ok.title, steps: [{ caption: ok.steps[0]!.caption }] } });
    const step = (s: object) => ({ ...ok, steps: [{ caption: { zh: 'a', en: 'b' } }, s] });
    const problem = (json: unknown) => {
      const r = parseTour(json, 'x');
      return r.ok ? null : r.path;
    };
    expect(problem(null)).toBe('(file)');
    expect(problem({ ...ok, 'streamscope-tour': 2 })).toBe('streamscope-tour');
    expect(problem({ ...ok, title: { en: 'only' } })).toBe('title');
    expect(problem({ ...ok, steps: [] })).toBe('steps');
    expect(problem(step({ caption: { zh: 'a', en: '' } }))).toBe('steps[1].caption');
    expect(problem(step({ caption: ok.title, rec: '../x' }))).toBe('steps[1].rec');
    expect(problem(step({ caption: ok.title, frame: -1 }))).toBe('steps[1].frame');
    expect(problem(step({ caption: ok.title, frame: { turn: 0 } }))).toBe('steps[1].frame');
    expect(problem(step({ caption: ok.title, frame: { turn: 2, at: 'middle' } }))).toBe('steps[1].frame.at');
    expect(problem(step({ caption: ok.title, faults: 'cut:1' }))).toBe('steps[1].faults');
    expect(problem(step({ caption: ok.title, highlight: 'header' }))).toBe('steps[1].highlight');
    expect(problem(step({ caption: ok.title, predict: { question: ok.title, choices: [{ label: ok.title }] } }))).toBe('steps[1].predict.choices');
    expect(problem(step({ caption: ok.title, predict: { question: ok.title, choices: [{ label: ok.title }, { label: ok.title, correct: 'yes' }] } }))).toBe(
      'steps[1].predict.choices[1].correct',
    );
  });

  test('step frames resolve on the session: numbers clamp, turns count from 1, anchors find their frame', () => {
    const s = twoTurnSession();
    const last = s.frames.count - 1;
    const [t0, t1] = s.timings;
    expect(resolveStepFrame(undefined, s, 'shared-buffer')).toBe(0);
    expect(resolveStepFrame(3, s, 'shared-buffer')).toBe(3);
    expect(resolveStepFrame(10_000, s, 'shared-buffer')).toBe(last);
    expect(resolveStepFrame('last', s, 'shared-buffer')).toBe(last);
    expect(resolveStepFrame({ turn: 1 }, s, 'shared-buffer')).toBe(t0!.frames![0]);
    expect(resolveStepFrame({ turn: 2, at: 'start' }, s, 'shared-buffer')).toBe(t1!.frames![0]);
    expect(resolveStepFrame({ turn: 1, at: 'end' }, s, 'shared-buffer')).toBe(t0!.frames![1]);
    expect(resolveStepFrame({ turn: 2, at: 'start', offset: -1 }, s, 'shared-buffer')).toBe(t0!.frames![1]);
    expect(resolveStepFrame({ turn: 9 }, s, 'shared-buffer')).toBe(last);
    // the fixture's gap is before frame 3, in turn 1 (as shown)
    expect(resolveStepFrame({ turn: 1, at: 'longest-gap' }, s, 'shared-buffer')).toBe(3);
    expect(resolveStepFrame({ turn: 1, at: 'longest-gap', offset: -1 }, s, 'shared-buffer')).toBe(2);
    const run = s.strategies['shared-buffer'];
    const verdicts = [
      { turn: turnIndex(1), verdict: 'fail' as const, frame: frameIndex(7) },
      { turn: turnIndex(0), verdict: 'fail' as const, frame: frameIndex(4) },
    ];
    const failing = { ...s, strategies: { ...s.strategies, 'shared-buffer': { ...run, verdict: 'fail' as const, verdicts } } };
    expect(resolveStepFrame('first-fail', failing, 'shared-buffer')).toBe(4);
    const passing = { ...s, strategies: { ...s.strategies, 'shared-buffer': { ...run, verdict: 'ok' as const, verdicts: [] } } };
    expect(resolveStepFrame('first-fail', passing, 'shared-buffer')).toBe(last);
  });
});
