// The recipes of docs/exercises.md, run as written: the "Starter code in a link" function (taken from the page, not
// copied) makes a link whose `yours=` the app's own decoder opens to the same code; the Node one-liner the page
// gives makes a value the app opens too (its bytes may differ from a browser's deflate: Chromium's did, measured);
// the mount() options the page shows are options mount() takes.
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { MountOptions } from '../../src/embed/mount';
import { parseExerciseParams, YOURS_MAX } from '../../src/store/exerciseUrl';
import { decodeCode } from '../../src/ui/exercise/codec';

const page = readFileSync('docs/exercises.md', 'utf8');

/** The first ```js block after `heading`. */
function snippet(heading: string): string {
  const at = page.indexOf(heading);
  expect(at, heading).toBeGreaterThanOrEqual(0);
  const block = /```js\n([\s\S]*?)```/.exec(page.slice(at));
  if (!block?.[1]) throw new Error(`no js block after ${heading}`);
  return block[1];
}

const CODE = `function assemble(events, out) {\n  // 每个调用一个缓冲 (one buffer per call) — "quotes", \\backslashes\\, 😀\n  for (const e of events) out.append('k', String(e.frame));\n  out.call('f', out.parse('k'));\n}\n`;

describe('docs/exercises.md', () => {
  it('exerciseLink(base, code) makes a link the app opens to that very code', async () => {
    const exerciseLink = new Function(`${snippet('## Starter code in a link')}\nreturn exerciseLink;`)() as (base: string, code: string) => Promise<string>;
    for (const code of [CODE, CODE.repeat(40)]) {
      const link = new URL(await exerciseLink('https://course.example/streamscope/', code));
      expect(link.searchParams.get('rec')).toBe('anthropic-docs');
      expect(link.searchParams.get('exercise')).toBe('1');
      const yours = link.searchParams.get('yours') ?? '';
      expect(yours.length).toBeLessThanOrEqual(YOURS_MAX);
      // the app's reading of its own URL keeps the value, and its decoder gives the code back
      const { exercise, rejected } = parseExerciseParams(link.search);
      expect(rejected).toEqual([]);
      expect(exercise.yours).toBe(yours);
      expect(await decodeCode(yours)).toBe(code);
    }
  });

  it("Node's zlib.deflateRawSync(code).toString('base64url') makes a value the app opens to the same code", async () => {
    expect(page).toContain("zlib.deflateRawSync(code).toString('base64url')");
    expect(await decodeCode(deflateRawSync(CODE).toString('base64url'))).toBe(CODE);
  });

  it('the mount() call shown takes options mount() knows', () => {
    const shown = snippet('## In a course page');
    expect(shown).toContain("mount(document.getElementById('player'), { rec: 'parallel-probe', exercise: true, starter: code });");
    // the same object as the page's: `npm run typecheck` is what checks it against MountOptions (a key mount() does
    // not take, or a value of another type, fails the gate there, not here)
    const code = CODE;
    void ({ rec: 'parallel-probe', exercise: true, starter: code } satisfies MountOptions);
  });
});
