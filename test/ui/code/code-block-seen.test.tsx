// @vitest-environment jsdom
// A code block asks for shiki only once it has been on screen (useSeen): off screen it stays plain text however long
// it waits; once its IntersectionObserver reports it on screen, it is highlighted; and once the highlighter is
// loaded, a block that has never been on screen highlights too (as before). jsdom has no IntersectionObserver: a
// stand-in records each observer so the test decides what is on screen.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { CodeBlock } from '../../../src/ui/code/CodeBlock';

const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];

class FakeObserver {
  readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, targets: [] };
    observers.push(this.entry);
  }
  observe(el: Element) {
    this.entry.targets.push(el);
  }
  disconnect() {
    this.entry.targets = [];
  }
}

function showOnScreen(el: Element) {
  for (const o of observers) if (o.targets.includes(el)) o.callback([{ isIntersecting: true, target: el } as unknown as IntersectionObserverEntry], o as unknown as IntersectionObserver);
}

const pre = (container: HTMLElement, i = 0) => container.querySelectorAll('pre')[i] as HTMLPreElement;

beforeAll(() => vi.stubGlobal('IntersectionObserver', FakeObserver));
afterAll(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a code block off screen', () => {
  test('stays plain until it is on screen, then is highlighted; other blocks follow once shiki is loaded', async () => {
    const { container } = render(
      <>
        <CodeBlock text={'{"a": [1, true, "x"]}'} theme="light" />
        <CodeBlock text={'{"b": null}'} theme="dark" />
      </>,
    );
    await act(() => new Promise((r) => setTimeout(r, 1500)));
    expect(pre(container).getAttribute('data-highlighted')).toBe('false');
    expect(pre(container, 1).getAttribute('data-highlighted')).toBe('false');
    act(() => showOnScreen(pre(container)));
    await vi.waitFor(() => expect(pre(container).getAttribute('data-highlighted')).toBe('true'), { timeout: 10_000 });
    // the second block was never on screen: it highlights because the highlighter is loaded now
    await vi.waitFor(() => expect(pre(container, 1).getAttribute('data-highlighted')).toBe('true'), { timeout: 10_000 });
    expect(pre(container).querySelector('span[style]')).not.toBeNull();
  });
});
