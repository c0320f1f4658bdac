// Every URL parameter the app, the lab and the embed read is declared once, in one of three tables of the same
// kind (store/params.ts): the names never collide, each is documented where a reader looks for it, and
// docs/embedding.md's parameter table lists exactly the embed's parameters, in the tables' order.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { EMBED_ATTRIBUTES, EMBED_PARAMS, parseEmbedParams, PANEL_IDS, type EmbedParams } from '../../src/embed/options';
import { hostCluesOf } from '../../src/embed/origin';
import { LAB_PARAMS } from '../../src/store/labUrl';
import { paramNames, readParams, writeParams } from '../../src/store/params';
import { VIEW_PARAMS } from '../../src/store/url';
import { EXERCISE_PARAMS } from '../../src/store/exerciseUrl';

const doc = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const VIEW = paramNames(VIEW_PARAMS);
const LAB = paramNames(LAB_PARAMS);
const EMBED = paramNames(EMBED_PARAMS);
const EXERCISE = paramNames(EXERCISE_PARAMS);

/** The first column of docs/embedding.md's parameter table (the one headed `| parameter |`). */
function documentedEmbedParams(): string[] {
  const lines = doc('docs/embedding.md').split('\n');
  const start = lines.findIndex((l) => l.startsWith('| parameter |'));
  expect(start, 'docs/embedding.md has a parameter table').toBeGreaterThanOrEqual(0);
  const names: string[] = [];
  for (const line of lines.slice(start + 2)) {
    const m = /^\| `([a-z]+)` \|/.exec(line);
    if (!m) break;
    names.push(m[1]!);
  }
  return names;
}

describe('the URL parameter tables', () => {
  test('no name is declared twice across the app, the lab and the embed', () => {
    const all = [...VIEW, ...LAB, ...EMBED, ...EXERCISE];
    expect(all.length).toBe(VIEW.length + LAB.length + EMBED.length + EXERCISE.length);
    expect(all.filter((n, i) => all.indexOf(n) !== i)).toEqual([]);
    expect(EMBED).toEqual(['panels', 'controls', 'provenance', 'maxheight', 'autoplay', 'host']);
  });

  test("docs/embedding.md's parameter table lists exactly the embed's parameters (the exercise's last), in order", () => {
    expect(documentedEmbedParams()).toEqual([...VIEW, ...EMBED, ...EXERCISE]);
  });

  test("README's permalink example names every view parameter; the lab's are in docs/faults.md or docs/tours.md", () => {
    const permalink = doc('README.md')
      .split('\n- ')
      .find((item) => item.startsWith('**Every URL is a permalink**'));
    expect(permalink).toBeDefined();
    for (const name of [...VIEW, ...EXERCISE]) expect(permalink, name).toContain(`${name}=`);
    expect(doc('docs/exercises.md')).toMatch(/\?exercise=1/);
    const labDocs = doc('docs/faults.md') + doc('docs/tours.md');
    for (const name of LAB) expect(labDocs, name).toMatch(new RegExp(`[?&\`]${name}=`));
  });

  test('the element reads every name but host, the exercise\'s too', () => {
    expect(EMBED_ATTRIBUTES).toEqual(['rec', 's', 'f', 'lang', 'theme', 'compare', 'code', 'panels', 'controls', 'provenance', 'maxheight', 'autoplay', 'exercise', 'yours', 'starter']);
  });

  test('panels keeps its known names and names the others; autoplay is on unless 0 or false', () => {
    expect(parseEmbedParams('panels=raw,%20bogus%20,waterfall,,x')).toMatchObject({
      options: { panels: ['raw', 'waterfall'] },
      rejected: ['panels=bogus', 'panels=x'],
    });
    expect(parseEmbedParams('panels=').options.panels).toEqual([]);
    expect(parseEmbedParams('panels=nope').options.panels).toEqual([]);
    for (const [raw, on] of [['1', true], ['', true], ['yes', true], ['true', true], ['0', false], ['false', false]] as const) {
      expect(parseEmbedParams(`autoplay=${raw}`), raw).toMatchObject({ options: { autoplay: on }, rejected: [] });
    }
    expect(parseEmbedParams('').options.autoplay).toBe(false);
    // view values and embed values are refused alike, the view's first
    expect(parseEmbedParams('controls=big&s=nope').rejected).toEqual(['s=nope', 'controls=big']);
  });

  test('host is read through the table, as written, and is not a player option', () => {
    const win = (search: string) => ({ location: { search, ancestorOrigins: undefined }, document: { referrer: '' } }) as unknown as Window;
    expect(hostCluesOf(win('?host=https%3A%2F%2Fcourse.example.edu%2Fa')).host).toBe('https://course.example.edu/a');
    expect(hostCluesOf(win('?host=')).host).toBe('');
    expect(hostCluesOf(win('?rec=x')).host).toBeNull();
    expect(parseEmbedParams('host=https://x.example').options).not.toHaveProperty('host');
  });

  test('writing and reading the embed table round-trips; defaults are left out', () => {
    const values: EmbedParams = { panels: ['results', 'raw'], controls: 'none', autoplay: true, provenance: 'none', maxHeight: 480, host: 'https://a.example' };
    const search = writeParams(EMBED_PARAMS, values);
    expect(search).toBe('?panels=results%2Craw&controls=none&provenance=none&maxheight=480&autoplay=1&host=https%3A%2F%2Fa.example');
    expect(readParams(EMBED_PARAMS, search).values).toEqual(values);
    expect(writeParams(EMBED_PARAMS, { panels: PANEL_IDS, controls: 'compact', provenance: 'badge', autoplay: false })).toBe('');
  });
});
