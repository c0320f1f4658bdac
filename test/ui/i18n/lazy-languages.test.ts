// The app loads one language's strings at a time (src/i18n: loadLanguage): loading English registers no Chinese
// until Chinese is asked for, and the reverse. Each test starts from a fresh copy of the i18n module (the setup
// file registers both languages in the shared one, as the CLI does).
import { beforeEach, expect, test, vi } from 'vitest';

type I18n = typeof import('../../../src/i18n');

async function fresh(): Promise<I18n> {
  vi.resetModules();
  return import('../../../src/i18n');
}

beforeEach(() => {
  vi.resetModules();
});

test('a fresh module has no strings: nothing is registered at import', async () => {
  const i18n = await fresh();
  expect(Object.keys(i18n.catalogs.en)).toHaveLength(0);
  expect(Object.keys(i18n.catalogs.zh)).toHaveLength(0);
  expect(i18n.isLanguageLoaded('en')).toBe(false);
  expect(i18n.hasKey('app.tagline')).toBe(false);
});

test('loading English registers no Chinese until Chinese is asked for', async () => {
  const i18n = await fresh();
  await i18n.loadLanguage('en');
  expect(i18n.isLanguageLoaded('en')).toBe(true);
  expect(i18n.isLanguageLoaded('zh')).toBe(false);
  expect(i18n.catalogs.en['app.tagline']).toBe('Replay a streamed LLM reply frame by frame');
  expect(Object.keys(i18n.catalogs.zh)).toHaveLength(0);
  expect(i18n.translate('en', 'app.skip')).toBe('Skip to the player');

  await i18n.loadLanguage('zh');
  expect(i18n.isLanguageLoaded('zh')).toBe(true);
  expect(i18n.translate('zh', 'app.skip')).toBe('跳到播放器');
  expect(Object.keys(i18n.catalogs.zh).sort()).toEqual(Object.keys(i18n.catalogs.en).sort());
});

test('loading Chinese registers no English: the Chinese is complete, keys are known, nothing falls back', async () => {
  const i18n = await fresh();
  await i18n.loadLanguage('zh');
  expect(i18n.isLanguageLoaded('en')).toBe(false);
  expect(Object.keys(i18n.catalogs.en)).toHaveLength(0);
  expect(i18n.translate('zh', 'app.tagline')).toBe('逐帧回放 LLM 的流式回复');
  expect(i18n.hasKey('app.tagline')).toBe(true);

  await i18n.loadLanguage('en');
  expect(i18n.translate('en', 'app.tagline')).toBe('Replay a streamed LLM reply frame by frame');
});

test('loading a language twice fetches it once; readyLanguage names the language to render in', async () => {
  const i18n = await fresh();
  const [a, b] = [i18n.loadLanguage('zh'), i18n.loadLanguage('zh')];
  expect(a).toBe(b);
  await a;
  await expect(i18n.readyLanguage('zh')).resolves.toBe('zh');
  expect(i18n.isLanguageLoaded('en')).toBe(false);
});

test('the notices\' words are a chunk of their own per language: not with the first view, and no English with the Chinese', async () => {
  const i18n = await fresh();
  await i18n.loadLanguage('zh');
  expect(i18n.hasKey('load.failure.empty')).toBe(false);
  expect(i18n.areNoticesLoaded('zh')).toBe(false);
  const [a, b] = [i18n.loadNotices('zh'), i18n.loadNotices('zh')];
  expect(a).toBe(b);
  await a;
  expect(i18n.areNoticesLoaded('zh')).toBe(true);
  expect(i18n.areNoticesLoaded('en')).toBe(false);
  expect(i18n.translate('zh', 'load.failure.empty', { name: 'a.jsonl' })).toBe('无法读取 a.jsonl：文件是空的');
  expect(i18n.translate('zh', 'files.removed', { name: 'a.sse' })).toBe(i18n.catalogs.zh['files.removed']?.replace('{name}', 'a.sse'));
  expect(Object.keys(i18n.catalogs.en)).toHaveLength(0);
  await i18n.loadNotices('en');
  expect(i18n.translate('en', 'load.failure.empty', { name: 'a.jsonl' })).toBe('a.jsonl could not be read: the file is empty');
  await i18n.loadLanguage('en');
  expect(Object.keys(i18n.catalogs.zh).sort()).toEqual(Object.keys(i18n.catalogs.en).sort());
});
