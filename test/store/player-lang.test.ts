// setLang with a language loader (the app's prepareLang): the player keeps its language until the other's strings
// are in, switches to the language asked for last, and stays as it was when the loader fails, naming the failed
// language (langFailed) until it is asked for again or the reader settles on the one shown.
import { expect, test } from 'vitest';
import { createPlayerStore } from '../../src/store/player';
import type { Analyzer } from '../../src/store/state';
import type { Lang } from '../../src/store/url';
import { manualScheduler } from './fixture';

const analyze: Analyzer = async () => ({ ok: false, error: { message: 'unused' } });

function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup() {
  const asked = new Map<Lang, ReturnType<typeof deferred>>();
  const store = createPlayerStore({
    analyze,
    scheduler: manualScheduler(),
    fetchText: async () => '{"recordings": []}',
    lang: 'en',
    prepareLang: (lang) => {
      const d = deferred();
      asked.set(lang, d);
      return d.promise;
    },
  });
  return { store, asked };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

test('keeps the current language until the other is in, then switches', async () => {
  const { store, asked } = setup();
  store.actions.setLang('zh');
  await tick();
  expect(store.getState().lang).toBe('en');
  asked.get('zh')?.resolve();
  await tick();
  expect(store.getState().lang).toBe('zh');
});

test('a failed load keeps the language as it was', async () => {
  const { store, asked } = setup();
  store.actions.setLang('zh');
  asked.get('zh')?.reject(new Error('offline'));
  await tick();
  expect(store.getState().lang).toBe('en');
});

test('the language asked for last wins, whichever loads first', async () => {
  const { store, asked } = setup();
  store.actions.setLang('zh');
  const zh = asked.get('zh');
  store.actions.setLang('en');
  asked.get('en')?.resolve();
  await tick();
  zh?.resolve();
  await tick();
  expect(store.getState().lang).toBe('en');
});

test('a failed switch names the language in langFailed; asking again clears it, and its success switches', async () => {
  const { store, asked } = setup();
  store.actions.setLang('zh');
  asked.get('zh')?.reject(new Error('Failed to fetch dynamically imported module: http://x/assets/zh-1.js\n    at stack'));
  await tick();
  expect(store.getState().lang).toBe('en');
  expect(store.getState().langFailed).toEqual({ lang: 'zh', message: 'Failed to fetch dynamically imported module: http://x/assets/zh-1.js' });
  // the retry: the notice goes while it tries; a second failure brings it back
  store.actions.setLang('zh');
  expect(store.getState().langFailed).toBeNull();
  asked.get('zh')?.reject(new Error('offline'));
  await tick();
  expect(store.getState().langFailed).toEqual({ lang: 'zh', message: 'offline' });
  store.actions.setLang('zh');
  asked.get('zh')?.resolve();
  await tick();
  expect(store.getState()).toMatchObject({ lang: 'zh', langFailed: null });
});

test('a first language that cannot be fetched is named too; the fallback keeps the notice, the reader settling on it clears it', async () => {
  const asked = new Map<Lang, ReturnType<typeof deferred>>();
  const store = createPlayerStore({
    analyze,
    scheduler: manualScheduler(),
    fetchText: async () => '{"recordings": []}',
    lang: 'zh',
    prepareLang: (lang) => {
      const d = deferred();
      asked.set(lang, d);
      return d.promise;
    },
  });
  asked.get('zh')?.reject(new Error('offline'));
  await tick();
  expect(store.getState().langFailed).toEqual({ lang: 'zh', message: 'offline' });
  // the page falls back to English (as ui/main.tsx and embed/mount.tsx do): the notice stays
  store.actions.setLang('en');
  asked.get('en')?.resolve();
  await tick();
  expect(store.getState()).toMatchObject({ lang: 'en', langFailed: { lang: 'zh' } });
  // asking for the language shown (a host's lang attribute set back) settles it
  store.actions.setLang('en');
  expect(store.getState().langFailed).toBeNull();
});

test('a failure of a language no longer asked for names nothing', async () => {
  const { store, asked } = setup();
  store.actions.setLang('zh');
  const zh = asked.get('zh');
  store.actions.setLang('en');
  zh?.reject(new Error('offline'));
  await tick();
  expect(store.getState().langFailed).toBeNull();
});
