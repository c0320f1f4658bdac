// The player's shadow-root styles do not take their sizes from the host page's root font size: a `rem` there is the
// page's (mdBook sets 62.5 %, so 10 px), so every `rem` is written in px at embed.html's root size (15 px).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { EMBED_REM_PX, remToPx } from '../../src/embed/styles';

describe('remToPx', () => {
  test('lengths in rem become px at the embed root size, signs, decimals and calc included', () => {
    expect(EMBED_REM_PX).toBe(15);
    expect(remToPx('.a{padding:1rem .5rem 0.25rem 2rem}')).toBe('.a{padding:15px 7.5px 3.75px 30px}');
    expect(remToPx('.a{margin:-0.4rem;gap:calc(1rem + 2px)}')).toBe('.a{margin:-6px;gap:calc(15px + 2px)}');
    expect(remToPx('.a{font-size:0.85rem}')).toBe('.a{font-size:12.75px}');
  });

  test('media query conditions, names that merely contain "rem", em and other units stay as they are', () => {
    const css = '@media (max-width: 40rem){.a{padding:1rem}} .w-2rem{width:2em} .remote{top:3px} .b{--x-1rem:1}';
    expect(remToPx(css)).toBe('@media (max-width: 40rem){.a{padding:15px}} .w-2rem{width:2em} .remote{top:3px} .b{--x-1rem:1}');
  });
});

test('every CSS file of the player, converted, has no rem left outside media conditions', () => {
  // vitest hands `?inline` CSS to the module as empty text, so the files are read here as they are written
  const files = readdirSync('src/ui', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.css'));
  const text = files.map((f) => readFileSync(join('src/ui', f), 'utf8')).join('\n');
  expect(text).toMatch(/\drem\b/);
  const outsideMedia = remToPx(text).replace(/@media[^{]*/g, '');
  expect(outsideMedia.match(/(?<![\w.-])-?(?:\d+\.?\d*|\.\d+)rem\b/g) ?? []).toEqual([]);
});

describe('the two sheets (the first view, the areas that open later)', () => {
  test('every CSS file of the player is in exactly one of them', async () => {
    const { FIRST_VIEW_FILES } = await import('../../src/embed/styles');
    const { LATER_STYLES } = await import('../../src/embed/stylesLater');
    const onDisk = readdirSync('src/ui', { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.css'))
      .map((f) => `../ui/${f.replaceAll('\\', '/')}`)
      .sort();
    const first = [...FIRST_VIEW_FILES].sort();
    const later = Object.keys(LATER_STYLES).sort();
    expect(first.filter((f) => later.includes(f))).toEqual([]);
    expect([...first, ...later].sort()).toEqual(onDisk);
    // the first view's own areas are in the first sheet, the waterfall in the later one
    expect(first).toContain('../ui/styles/layout.css');
    expect(first).toContain('../ui/panels/panels.css');
    expect(later).toContain('../ui/waterfall/waterfall.css');
  });
});
