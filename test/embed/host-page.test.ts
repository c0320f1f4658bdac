// @vitest-environment jsdom
// What a player follows of its host page (src/embed/hostPage.ts) and the two commands that carry it to an iframe.
import { afterEach, describe, expect, test } from 'vitest';
import { backgroundTheme, followHostPage, readHostTheme, scrollPaddingTop, type HostTheme } from '../../src/embed/hostPage';
import { checkCommand } from '../../src/embed/protocol';
import { parseEmbedParams } from '../../src/embed/options';

afterEach(() => {
  const root = document.documentElement;
  root.className = '';
  root.removeAttribute('data-theme');
  root.removeAttribute('style');
  document.body.removeAttribute('style');
});

describe('the host page theme', () => {
  test('the generators own switches: VitePress html.dark, Docusaurus and Starlight data-theme', () => {
    expect(readHostTheme(document)).toBe(null);
    document.documentElement.classList.add('dark');
    expect(readHostTheme(document)).toBe('dark');
    document.documentElement.classList.remove('dark');
    document.documentElement.setAttribute('data-theme', 'dark');
    expect(readHostTheme(document)).toBe('dark');
    document.documentElement.setAttribute('data-theme', 'LIGHT');
    expect(readHostTheme(document)).toBe('light');
    document.documentElement.setAttribute('data-theme', 'solarized');
    expect(readHostTheme(document)).toBe(null);
  });

  test('else an opaque page background says which, a transparent one nothing', () => {
    expect(backgroundTheme('rgb(27, 27, 31)')).toBe('dark');
    expect(backgroundTheme('rgb(255, 255, 255)')).toBe('light');
    expect(backgroundTheme('rgba(0, 0, 0, 0)')).toBe(null);
    expect(backgroundTheme('rgb(0 0 0 / 20%)')).toBe(null);
    expect(backgroundTheme('rgb(0 0 0 / 90%)')).toBe('dark');
    expect(backgroundTheme('transparent')).toBe(null);
    document.body.style.backgroundColor = 'rgb(20, 20, 24)';
    expect(readHostTheme(document)).toBe('dark');
  });

  test('followHostPage reports each change once, and nothing after it is stopped', async () => {
    const seen: HostTheme[] = [];
    const host = document.createElement('div');
    document.body.appendChild(host);
    const stop = followHostPage(document, host, (t) => seen.push(t));
    const settle = () => new Promise((r) => setTimeout(r, 0));
    document.documentElement.classList.add('dark');
    await settle();
    document.documentElement.classList.add('other');
    await settle();
    document.documentElement.classList.remove('dark');
    await settle();
    stop();
    document.documentElement.classList.add('dark');
    await settle();
    expect(seen).toEqual([null, 'dark', null]);
    expect(host.style.getPropertyValue('--ss-host-sticky-top')).toBe('0px');
  });

  test('scroll-padding-top in px is the sticky offset; auto is none', () => {
    expect(scrollPaddingTop(document)).toBe(0);
    document.documentElement.style.scrollPaddingTop = '64px';
    expect(scrollPaddingTop(document)).toBe(64);
  });
});

describe('setTheme and setLang for the iframe, theme=auto and lang=auto in its URL', () => {
  test('the values taken and the ones refused', () => {
    expect(checkCommand({ type: 'streamscope:setTheme', theme: 'dark' })).toEqual({ ok: true, command: { type: 'streamscope:setTheme', theme: 'dark' } });
    expect(checkCommand({ type: 'streamscope:setTheme', theme: 'auto' })?.ok).toBe(true);
    expect(checkCommand({ type: 'streamscope:setLang', lang: 'zh' })).toEqual({ ok: true, command: { type: 'streamscope:setLang', lang: 'zh' } });
    expect(checkCommand({ type: 'streamscope:setTheme', theme: 'neon' })).toEqual({ ok: false, error: { command: 'streamscope:setTheme', field: 'theme', reason: 'unknown-value' } });
    expect(checkCommand({ type: 'streamscope:setLang' })).toEqual({ ok: false, error: { command: 'streamscope:setLang', field: 'lang', reason: 'missing' } });
    expect(checkCommand({ type: 'streamscope:setLang', lang: 1 })).toEqual({ ok: false, error: { command: 'streamscope:setLang', field: 'lang', reason: 'wrong-type' } });
  });

  test('auto is an embed value, taken without a notice', () => {
    const { options, rejected } = parseEmbedParams('?theme=auto&lang=auto&s=per-call-buffer');
    expect(options.theme).toBe('auto');
    expect(options.lang).toBe('auto');
    expect(options.strategy).toBe('per-call-buffer');
    expect(rejected).toEqual([]);
    expect(parseEmbedParams('?theme=neon').rejected).toEqual(['theme=neon']);
  });
});
