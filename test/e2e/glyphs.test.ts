// Every symbol the player shows (markers, arrows, check marks in the catalogs and the UI's code) has a glyph in the
// fonts Debian's Chromium finds through the page's font stack, so none is drawn as an empty box ("tofu"). Checked by
// drawing: a character no font has is drawn as the font's missing-glyph box, the same pixels as a code point that is
// not assigned at all. (The raw list's "one chunk carried several events" mark was U+29C9, which no font here has.)
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { theBrowser, withBrowser } from './browser';

withBrowser();

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.(tsx?|css)$/.test(e.name) ? [join(dir, e.name)] : []));

/** Symbols in what the UI shows: past Latin, outside CJK and Hangul, not punctuation every font has. */
function symbols(): Map<string, string> {
  const found = new Map<string, string>();
  const common = new Set([...'\u2018\u2019\u201c\u201d\u2026\u2014\u2013\u2068\u2069\u2009\u202f\u200b']);
  for (const file of [...files('src/ui'), ...files('src/i18n/messages')]) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const code = line.trim();
      if (code.startsWith('//') || code.startsWith('*')) continue;
      for (const ch of code) {
        const cp = ch.codePointAt(0) as number;
        if (cp < 0x2000 || (cp >= 0x3000 && cp <= 0x9fff) || (cp >= 0xac00 && cp <= 0xd7af) || (cp >= 0xff00 && cp <= 0xffef) || common.has(ch)) continue;
        if (!found.has(ch)) found.set(ch, file);
      }
    }
  }
  return found;
}

test('every symbol the UI shows is drawn with a real glyph, not the missing-glyph box', async () => {
  const chars = symbols();
  expect(chars.size).toBeGreaterThan(10);
  const page = await theBrowser().newPage();
  const missing = await page.evaluate((list: string[]) => {
    const canvas = document.createElement('canvas');
    canvas.width = 48;
    canvas.height = 48;
    const ctx = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D;
    const draw = (ch: string): string => {
      ctx.clearRect(0, 0, 48, 48);
      ctx.font = '32px system-ui, sans-serif';
      ctx.fillText(ch, 4, 36);
      return Array.from(ctx.getImageData(0, 0, 48, 48).data).join(',');
    };
    // U+0378 is unassigned: every font draws it as its missing-glyph box
    const tofu = draw('\u0378');
    return list.filter((ch) => draw(ch) === tofu);
  }, [...chars.keys()]);
  expect(missing.map((ch) => `U+${(ch.codePointAt(0) as number).toString(16).toUpperCase()} ${ch} (${chars.get(ch)})`)).toEqual([]);
  await page.close();
});
