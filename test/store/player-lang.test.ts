// setLang with a language loader (the app's prepareLang): the player keeps its language until the other's strings
// are in, switches to the language asked for last, and stays as it was when the loader fails.
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
