// A player in a page keeps its exercise in memory, from its options (src/embed/pageExercise.ts): on and off tell the
// subscribers once per change, and the learner's code is kept under a key of the page's path and the page's code.
import { describe, expect, test, vi } from 'vitest';
import { pageExercise } from '../../src/embed/pageExercise';
import { APP_STORAGE_KEY } from '../../src/ui/exercise/mode';

describe('pageExercise', () => {
  test('on / off from the options, subscribers told once per change, never the URL', () => {
    const host = pageExercise({ exercise: true, starter: 'function assemble() {}' }, '/lesson/3.html');
    expect(host.inUrl).toBe(false);
    expect(host.isOn()).toBe(true);
    expect(host.starter).toBe('function assemble() {}');
    expect(host.yours).toBeUndefined();
    const heard = vi.fn();
    const off = host.subscribe(heard);
    host.setOn(true);
    expect(heard).not.toHaveBeenCalled();
    host.setOn(false);
    expect(host.isOn()).toBe(false);
    expect(heard).toHaveBeenCalledTimes(1);
    off();
    host.setOn(true);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(pageExercise({}, '/x').isOn()).toBe(false);
  });

  test('the storage key: one per page path and page code, never the app’s', () => {
    const key = (o: Parameters<typeof pageExercise>[0], page: string) => pageExercise(o, page).storageKey;
    const a = key({ starter: 'A' }, '/lesson/3.html');
    expect(a).toMatch(/^streamscope\.exercise\.code@\/lesson\/3\.html#[0-9a-z]+$/);
    expect(a).not.toBe(APP_STORAGE_KEY);
    expect(key({ starter: 'A' }, '/lesson/3.html')).toBe(a);
    expect(key({ starter: 'B' }, '/lesson/3.html')).not.toBe(a);
    expect(key({ starter: 'A' }, '/lesson/4.html')).not.toBe(a);
    expect(key({ yours: 'abc' }, '/lesson/3.html')).not.toBe(key({}, '/lesson/3.html'));
  });
});
