// @vitest-environment jsdom
// A rendered player's markup made into a poster (scripts/posters/clean.ts): no ids nor references to them, form
// values as attributes, style attributes moved to data-ss-style, hidden tabs emptied, highlighted code plain, and
// each JSON.parse message wrapped with the text that was parsed.
import { expect, test } from 'vitest';
import { cleanPoster } from '../../scripts/posters/clean';

function mounted(html: string): Element {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.appendChild(host);
  return host.firstElementChild as Element;
}

test('ids, the attributes that point at them, and style attributes go; values stay as attributes', () => {
  const el = mounted(
    '<div class="ss-mount"><label for="x" id="l">Frame</label><input id="x" type="range" aria-labelledby="l" min="0" max="5" style="top: 25px;">' +
      '<input type="checkbox" aria-describedby="d"><select><option>a</option><option>b</option></select><p style="">x</p></div>',
  );
  const range = el.querySelector('input[type=range]') as HTMLInputElement;
  range.value = '4';
  (el.querySelector('input[type=checkbox]') as HTMLInputElement).checked = true;
  (el.querySelector('select') as HTMLSelectElement).selectedIndex = 1;
  const out = mounted(cleanPoster(el));
  expect(out.outerHTML).not.toMatch(/\s(id|for|aria-labelledby|aria-describedby|style)="/);
  expect(out.querySelector('input[type=range]')?.getAttribute('value')).toBe('4');
  expect(out.querySelector('input[type=range]')?.getAttribute('data-ss-style')).toBe('top: 25px;');
  expect(out.querySelector('input[type=checkbox]')?.hasAttribute('checked')).toBe(true);
  expect(out.querySelectorAll('option')[1]?.hasAttribute('selected')).toBe(true);
  expect(out.querySelector('p')?.hasAttribute('data-ss-style')).toBe(false);
  // the live markup is left as it was
  expect(el.querySelector('#x')).not.toBeNull();
});

test('hidden tabs are emptied and highlighted code becomes its plain text', () => {
  const el = mounted(
    '<div><div role="tabpanel" hidden><section><h2>Parse results</h2></section></div>' +
      '<pre data-highlighted="true"><code><span class="ss-code-line"><span style="color: rgb(36, 41, 46);">{</span>\n</span><span class="ss-code-line"><span>}</span></span></code></pre></div>',
  );
  const out = mounted(cleanPoster(el));
  expect(out.querySelector('[hidden]')?.childNodes.length).toBe(0);
  const pre = out.querySelector('pre');
  expect(pre?.getAttribute('data-highlighted')).toBe('false');
  expect(pre?.querySelector('span')).toBeNull();
  expect(pre?.textContent).toBe('{\n}');
});

test('each JSON.parse message is wrapped with the text it came from, wherever it appears', () => {
  const input = '{"a":1}{"b":2}';
  let message = '';
  try {
    JSON.parse(input);
  } catch (e) {
    message = (e as Error).message;
  }
  expect(message).not.toBe('');
  const el = mounted(`<div><p>JSON.parse says “${message}” because two values…</p><ul><li>${message}</li><li>ok</li></ul></div>`);
  const out = mounted(cleanPoster(el, new Map([[message, input]])));
  const spans = [...out.querySelectorAll('[data-ss-parse]')];
  expect(spans).toHaveLength(2);
  for (const span of spans) {
    expect(span.getAttribute('data-ss-parse')).toBe(input);
    expect(span.textContent).toBe(message);
  }
  expect(out.querySelector('p')?.textContent).toBe(`JSON.parse says “${message}” because two values…`);
});
