// The URL parameters of the view and the lab are rows of one kind of table, read and written by the same code.
import { describe, expect, test } from 'vitest';
import { LAB_PARAMS, labSearch, parseLabParams } from '../../src/store/labUrl';
import { readParams, writeParams, type ParamTable } from '../../src/store/params';
import { parseViewParams, VIEW_PARAMS, viewSearch } from '../../src/store/url';
import { CODE_MAX, EXERCISE_PARAMS, exerciseSearch, parseExerciseParams, YOURS_MAX } from '../../src/store/exerciseUrl';

describe('the URL table', () => {
  test('the view and the lab own distinct parameter names', () => {
    const names = [...Object.values(VIEW_PARAMS), ...Object.values(LAB_PARAMS), ...Object.values(EXERCISE_PARAMS)].map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(['rec', 's', 'f', 'lang', 'theme', 'compare', 'code', 'faults', 'seed', 'tour', 'step', 'presenter', 'lab', 'matrix', 'exercise', 'yours', 'starter']);
  });

  test('a row read and written: defaults are left out, other parameters kept, refusals named', () => {
    interface T {
      n?: number;
      on?: boolean;
    }
    const table: ParamTable<T> = {
      n: { name: 'n', parse: (v) => (/^\d+$/.test(v) ? Number(v) : undefined), serialize: String, default: 3 },
      on: { name: 'on', parse: (v) => (v === '1' ? true : undefined), serialize: (v) => (v ? '1' : '0'), when: (t) => t.n !== undefined },
    };
    expect(writeParams(table, { n: 3, on: true }, '?x=1')).toBe('?x=1&on=1');
    expect(writeParams(table, { on: true }, '?on=1&n=4')).toBe('');
    expect(readParams(table, '?n=5&on=2')).toEqual({ values: { n: 5 }, rejected: ['on=2'] });
  });

  test('view and lab parameters in one search string: each side writes its own and keeps the other', () => {
    const lab = labSearch({ faults: ['cut:3', 'crlf'], seed: 7, tour: 'lesson', step: 2, presenter: true }, '?rec=agent-run&s=per-call-buffer&f=4');
    const both = viewSearch({ rec: 'agent-run', strategy: 'shared-buffer', frame: 9, compare: true }, lab);
    expect(parseViewParams(both)).toEqual({ view: { rec: 'agent-run', strategy: 'shared-buffer', frame: 9, compare: true }, rejected: [] });
    expect(parseLabParams(both)).toEqual({ lab: { faults: ['cut:3', 'crlf'], seed: 7, tour: 'lesson', step: 2, presenter: true }, rejected: [] });
    // a step without its tour, the default seed and closed tools are not written
    expect(labSearch({ step: 3, seed: 1, lab: false, matrix: false })).toBe('');
  });

  test('the exercise: exercise=1 and the compressed code (base64url, at most YOURS_MAX characters), s=yours; the others kept', () => {
    const search = exerciseSearch({ exercise: true, yours: 'abc-_09' }, '?rec=anthropic-docs&s=yours');
    expect(parseExerciseParams(search)).toEqual({ exercise: { exercise: true, yours: 'abc-_09' }, rejected: [] });
    expect(parseViewParams(search).view).toEqual({ rec: 'anthropic-docs', strategy: 'yours' });
    expect(parseExerciseParams(`?yours=a+b`).rejected).toEqual(['yours=a b']);
    expect(parseExerciseParams(`?yours=${'a'.repeat(YOURS_MAX + 1)}`).exercise).toEqual({});
  });

  test('exercise is on when present (the bare element attribute too) unless 0 or false; starter is plain code up to CODE_MAX, kept when the code is written', () => {
    for (const [raw, on] of [['1', true], ['', true], ['true', true], ['0', false], ['false', false]] as const) {
      expect(parseExerciseParams(`?exercise=${raw}`).exercise.exercise, raw).toBe(on);
    }
    const code = 'function assemble(events, out) {\n  // 你的代码 & "quotes"\n}';
    const search = exerciseSearch({ exercise: true, starter: code }, '?rec=x');
    expect(parseExerciseParams(search)).toEqual({ exercise: { exercise: true, starter: code }, rejected: [] });
    // a run writes yours= and keeps the page's starter
    const { exercise } = parseExerciseParams(search);
    expect(parseExerciseParams(exerciseSearch({ ...exercise, yours: 'abc' }, search)).exercise).toEqual({ exercise: true, starter: code, yours: 'abc' });
    expect(parseExerciseParams('?starter=%20%20').rejected).toEqual(['starter=  ']);
    expect(parseExerciseParams(`?starter=${'x'.repeat(CODE_MAX + 1)}`).exercise).toEqual({});
  });
});
