// The share dialog's snippets (ui/share/snippets.ts) from a view and the page URL: the same parameters in the
// permalink, the embed URL and the element's attributes; values can never break out of an HTML attribute.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { STRATEGY_IDS } from '../../src/core/types';
import { escapeAttr, shareSnippets } from '../../src/ui/share/snippets';
import { parseViewParams, type ViewParams } from '../../src/store/url';

const PAGE = 'https://course.example.edu/streamscope/index.html?rec=old&utm=x#top';

describe('shareSnippets', () => {
  test('permalink, embed URL and element for a view', () => {
    const view: ViewParams = { rec: 'parallel-probe', strategy: 'per-call-buffer', frame: 4, lang: 'zh', theme: 'dark', compare: true };
    const s = shareSnippets(view, PAGE, 'Streamscope player');
    expect(s.permalink).toBe('https://course.example.edu/streamscope/?rec=parallel-probe&s=per-call-buffer&f=4&lang=zh&theme=dark&compare=1');
    expect(s.embedUrl).toBe('https://course.example.edu/streamscope/embed.html?rec=parallel-probe&s=per-call-buffer&f=4&lang=zh&theme=dark&compare=1');
    expect(s.iframe).toContain('src="https://course.example.edu/streamscope/embed.html?rec=parallel-probe&amp;s=per-call-buffer&amp;f=4&amp;lang=zh&amp;theme=dark&amp;compare=1"');
    expect(s.element).toBe(
      '<script type="module" src="https://course.example.edu/streamscope/element.js"></script>\n' +
        '<streamscope-player rec="parallel-probe" s="per-call-buffer" f="4" lang="zh" theme="dark" compare="1" base="https://course.example.edu/streamscope/recordings/"></streamscope-player>',
    );
  });

  test('from embed.html the permalink still opens the app', () => {
    expect(shareSnippets({ rec: 'a' }, 'https://x.example/app/embed.html?rec=a', 't').permalink).toBe('https://x.example/app/?rec=a');
  });

  test('without rec (a local file) no rec anywhere', () => {
    const s = shareSnippets({ strategy: 'shared-buffer', frame: 0 }, PAGE, 't');
    expect(new URL(s.permalink).searchParams.has('rec')).toBe(false);
    expect(s.element).not.toContain('rec=');
  });

  test('any view round-trips through the permalink, and no value escapes its attribute (property)', () => {
    const view = fc.record(
      {
        rec: fc.string({ minLength: 1, maxLength: 40 }).filter((r) => ![...r].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)),
        strategy: fc.constantFrom(...STRATEGY_IDS),
        frame: fc.nat(1_000_000),
        lang: fc.constantFrom('zh' as const, 'en' as const),
        theme: fc.constantFrom('light' as const, 'dark' as const, 'system' as const),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(view, (v) => {
        const s = shareSnippets(v, PAGE, 'A "title" <b>');
        expect(parseViewParams(new URL(s.permalink).search).view).toEqual(v);
        expect(parseViewParams(new URL(s.embedUrl).search).view).toEqual(v);
        // every quote in the element snippet delimits an attribute: name="value" pairs only
        const tag = s.element.split('\n')[1]!;
        expect(tag).toMatch(/^<streamscope-player( [a-z]+="[^"<>]*")*><\/streamscope-player>$/);
        expect(s.iframe).toMatch(/^<iframe src="[^"<>]*" title="[^"<>]*"\n\s+width="100%" height="640" frameborder="0" loading="lazy"><\/iframe>$/);
        expect(s.iframe).not.toContain('style=');
      }),
      { numRuns: 300 },
    );
  });

  test('escapeAttr', () => {
    expect(escapeAttr('"><script>alert(1)</script>&')).toBe('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;');
  });
});
