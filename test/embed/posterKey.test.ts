// Which poster fits an embed.html URL (src/embed/posterKey.ts): the key leaves out what does not change the first
// view and sorts the rest; the language follows embed.html's own choice (store/url.ts preferredLang); a file name
// from the manifest is used only when it is a plain name.
import { expect, test } from 'vitest';
import { posterFile, posterKey, posterLang, posterTheme, posterWidth, type PosterManifest } from '../../src/embed/posterKey';
import { preferredLang } from '../../src/store/url';

test('the key is the view parameters, sorted, without lang, theme, maxheight and host', () => {
  expect(posterKey('')).toBe('');
  expect(posterKey('?lang=zh&theme=dark&maxheight=600&host=https://a.example')).toBe('');
  expect(posterKey('?rec=agent-run&lang=en')).toBe('rec=agent-run');
  expect(posterKey('?s=shared-buffer&rec=parallel-probe&panels=raw,buffers,results&controls=min&lang=zh')).toBe(
    'controls=min&panels=raw,buffers,results&rec=parallel-probe&s=shared-buffer',
  );
  // anything else is part of the key, so a view with it has no poster unless one was built for it
  expect(posterKey('?rec=parallel-probe&f=3')).toBe('f=3&rec=parallel-probe');
  expect(posterKey('?rec=a&rec=b')).toBeNull();
});

test('the language is embed.html’s: the URL’s, else the browser’s, as preferredLang decides', () => {
  const lists: string[][] = [[], ['zh-CN'], ['en-GB', 'zh'], ['fr', 'zh-TW'], ['ZH'], ['de'], ['fr', 'EN-us']];
  for (const languages of lists) {
    expect(posterLang('', languages)).toBe(preferredLang(languages));
    expect(posterLang('?lang=auto', languages)).toBe(preferredLang(languages));
  }
  expect(posterLang('?lang=zh', ['en'])).toBe('zh');
  expect(posterLang('?lang=en', ['zh'])).toBe('en');
});

test('width classes and theme', () => {
  expect(posterWidth(320)).toBe('n');
  expect(posterWidth(699)).toBe('n');
  expect(posterWidth(700)).toBe('r');
  expect(posterWidth(0)).toBe('r');
  expect(posterTheme('?theme=dark', false)).toBe('dark');
  expect(posterTheme('?theme=light', true)).toBe('light');
  expect(posterTheme('?theme=system', true)).toBe('dark');
  expect(posterTheme('', false)).toBe('light');
});

test('the manifest is looked up by key, language and width; names that are not plain file names are refused', () => {
  const manifest: PosterManifest = {
    'rec=agent-run': { posters: { en: { n: 'a1.html', r: 'a2.html' }, zh: { n: 'a3.html' } }, recording: 'agent-run.jsonl' },
    'rec=evil': { posters: { en: { n: '../x.html', r: 'https://evil.example/x.html' } }, recording: '../../secret' },
  };
  expect(posterFile(manifest, '?rec=agent-run&lang=en', [], 400)).toEqual({ poster: 'a1.html', recording: 'agent-run.jsonl' });
  expect(posterFile(manifest, '?rec=agent-run&lang=en', [], 1200)).toEqual({ poster: 'a2.html', recording: 'agent-run.jsonl' });
  expect(posterFile(manifest, '?rec=agent-run', ['zh-CN'], 400)).toEqual({ poster: 'a3.html', recording: 'agent-run.jsonl' });
  expect(posterFile(manifest, '?rec=agent-run', ['zh-CN'], 1200)).toBeNull();
  expect(posterFile(manifest, '?rec=agent-run&f=2&lang=en', [], 400)).toBeNull();
  expect(posterFile(manifest, '?rec=evil&lang=en', [], 400)).toBeNull();
  expect(posterFile(manifest, '?rec=evil&lang=en', [], 1200)).toBeNull();
  expect(posterFile(manifest, '?rec=toString&lang=en', [], 400)).toBeNull();
  expect(posterFile({ 'rec=b': { posters: { en: { n: 'b.html' } }, recording: '../b' } }, '?rec=b', [], 400)).toEqual({ poster: 'b.html', recording: null });
});
