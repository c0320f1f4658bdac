import { describe, expect, test } from 'vitest';
import { failedModuleUrl, retryingImport, retryUrl } from '../../src/core/retryImport';

const chromium = (url: string) => new TypeError(`Failed to fetch dynamically imported module: ${url}`);

describe('failedModuleUrl', () => {
  test('reads the URL Chromium and Firefox name', () => {
    expect(failedModuleUrl(chromium('http://127.0.0.1:5173/assets/labStore-2C8X.js'))).toBe('http://127.0.0.1:5173/assets/labStore-2C8X.js');
    expect(failedModuleUrl(new TypeError('error loading dynamically imported module: https://example.org/a/lab-1.js'))).toBe('https://example.org/a/lab-1.js');
  });
  test('names nothing for a message without one, a non-http URL, or not an error', () => {
    expect(failedModuleUrl(new TypeError('Importing a module script failed.'))).toBeUndefined();
    expect(failedModuleUrl(chromium('javascript:alert(1)'))).toBeUndefined();
    expect(failedModuleUrl(chromium('not a url'))).toBeUndefined();
    expect(failedModuleUrl(undefined)).toBeUndefined();
  });
});

test('retryUrl sets one retry parameter and keeps the rest', () => {
  expect(retryUrl('http://h/assets/x.js', 1)).toBe('http://h/assets/x.js?retry=1');
  expect(retryUrl('http://h/assets/x.js?v=3&retry=1', 2)).toBe('http://h/assets/x.js?v=3&retry=2');
});

describe('retryingImport', () => {
  test('after a failure that names its URL, each call imports that URL under a new query until one loads; then the module', async () => {
    const calls: string[] = [];
    let importerCalls = 0;
    const url = 'http://h/assets/labStore-abc.js';
    const load = retryingImport(
      () => {
        importerCalls++;
        return Promise.reject(chromium(url));
      },
      (u) => {
        calls.push(u);
        return calls.length < 2 ? Promise.reject(chromium(u)) : Promise.resolve({ id: 'lab' });
      },
    );
    await expect(load()).rejects.toThrow(/labStore-abc/);
    await expect(load()).rejects.toThrow(/retry=1/);
    await expect(load()).resolves.toEqual({ id: 'lab' });
    // loaded: no further import at all
    await expect(load()).resolves.toEqual({ id: 'lab' });
    expect(importerCalls).toBe(1);
    expect(calls).toEqual([`${url}?retry=1`, `${url}?retry=2`]);
  });

  test('an error that names no URL: the import itself is called again', async () => {
    let n = 0;
    const load = retryingImport(
      () => (++n === 1 ? Promise.reject(new TypeError('Importing a module script failed.')) : Promise.resolve('ok')),
      () => Promise.reject(new Error('must not be called')),
    );
    await expect(load()).rejects.toThrow();
    await expect(load()).resolves.toBe('ok');
    expect(n).toBe(2);
  });

  test('a first success is used as is', async () => {
    let n = 0;
    const load = retryingImport(() => Promise.resolve(++n));
    expect(await load()).toBe(1);
    expect(await load()).toBe(1);
  });
});
