// What embed.html asks for ahead of the player's code (src/embed/earlyChunks.ts, src/embed/posterKey.ts posterWire):
// the reader's language's strings and the recording's wire, as the build named them; anything else in the JSON, and
// any URL that is not a plain path to a script under the page, is never fetched.
import { expect, test } from 'vitest';
import { earlyFiles } from '../../src/embed/earlyChunks';
import { posterWire, type PosterManifest } from '../../src/embed/posterKey';

const EARLY = {
  lang: { en: ['./assets/en-A1.js'], zh: ['./assets/zh-B2.js'] },
  wire: { 'openai-chat': ['./assets/openai-chat-C3.js', './assets/rolldown-runtime-D4.js'], gemini: ['./assets/gemini-E5.js', './assets/rolldown-runtime-D4.js'] },
};

test('the language’s strings, and the wire’s code when the recording’s wire is known, each file once', () => {
  expect(earlyFiles(EARLY, 'en', undefined)).toEqual(['./assets/en-A1.js']);
  expect(earlyFiles(EARLY, 'zh', 'openai-chat')).toEqual(['./assets/zh-B2.js', './assets/openai-chat-C3.js', './assets/rolldown-runtime-D4.js']);
  const twice = { lang: { en: ['./assets/x.js'] }, wire: { gemini: ['./assets/x.js', './assets/y.js'] } };
  expect(earlyFiles(twice, 'en', 'gemini')).toEqual(['./assets/x.js', './assets/y.js']);
  // a site built under another base names its files from there
  expect(earlyFiles({ lang: { en: ['/course/streamscope/assets/en-A1.js'] } }, 'en', undefined)).toEqual(['/course/streamscope/assets/en-A1.js']);
});

test('nothing for a language or wire the JSON does not name, nor for JSON of another shape', () => {
  expect(earlyFiles(EARLY, 'fr', 'anthropic-messages')).toEqual([]);
  for (const bad of [null, undefined, 42, 'x', [], { lang: 'en' }, { lang: { en: './assets/en.js' } }, { lang: { en: [1, null, {}] } }])
    expect(earlyFiles(bad, 'en', 'gemini')).toEqual([]);
  // names inherited from Object.prototype are not entries
  expect(earlyFiles(EARLY, 'constructor', 'toString')).toEqual([]);
});

test('only plain paths to scripts under the page: no other origin, scheme, parent folder or query', () => {
  const hostile = [
    'https://evil.example/x.js',
    '//evil.example/x.js',
    'javascript:alert(1)//.js',
    'data:text/javascript,alert(1)//.js',
    './assets/../../x.js',
    './../x.js',
    '/assets/x.js?y=1',
    './assets/x.mjs',
    './assets/x.js#h',
    'assets/x.js',
    './assets/<img>.js',
    './assets/.hidden.js',
  ];
  expect(earlyFiles({ lang: { en: hostile } }, 'en', undefined)).toEqual([]);
});

test('the wire of a view comes from its manifest entry, and only as a plain name', () => {
  const manifest: PosterManifest = {
    'rec=agent-run': { posters: {}, wire: 'openai-chat' },
    'rec=odd': { posters: {}, wire: '../x' },
    'rec=none': { posters: {} },
  };
  expect(posterWire(manifest, '?rec=agent-run&lang=zh&theme=dark')).toBe('openai-chat');
  expect(posterWire(manifest, '?rec=odd')).toBeUndefined();
  expect(posterWire(manifest, '?rec=none')).toBeUndefined();
  expect(posterWire(manifest, '?rec=missing')).toBeUndefined();
  expect(posterWire(manifest, '?rec=agent-run&rec=odd')).toBeUndefined();
});
