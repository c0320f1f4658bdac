// A rendered player's markup as a poster (src/embed/poster-main.ts shows it, inert and hidden from assistive
// technology):
// - what the player hides (the tabs not chosen) left empty;
// - no ids, nor the attributes that point at ids, which would otherwise name or label the live player's elements
//   while both are in the page;
// - form controls' current values as attributes (Preact sets them as properties, which markup does not carry: a
//   slider would show its middle);
// - style attributes as data-ss-style, which the page sets through CSSOM (its Content-Security-Policy refuses style
//   attributes in markup);
// - highlighted code as plain text (its colours are the light theme's, and the page highlights only what stays on
//   screen);
// - each JSON.parse message Node gave (`messages`: message -> the text parsed) wrapped in a span that carries the
//   text (data-ss-parse), whose message the page replaces with its own engine's, as the player will show it.
const ID_REFS = ['id', 'for', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'aria-activedescendant', 'list', 'headers'];

function markParseMessages(root: Element, messages: ReadonlyMap<string, string>): void {
  if (messages.size === 0) return;
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  const byLength = [...messages].sort(([a], [b]) => b.length - a.length);
  for (const text of texts) {
    let rest: Text | null = text;
    while (rest) {
      const value: string = rest.data;
      const found = byLength
        .map(([message, input]) => ({ message, input, at: value.indexOf(message) }))
        .filter((m) => m.at >= 0)
        .sort((a, b) => a.at - b.at)[0];
      if (!found) break;
      const hit = rest.splitText(found.at);
      const after = hit.splitText(found.message.length);
      const span = doc.createElement('span');
      span.setAttribute('data-ss-parse', found.input);
      hit.replaceWith(span);
      span.appendChild(hit);
      rest = after;
    }
  }
}

export function cleanPoster(mount: Element, messages: ReadonlyMap<string, string> = new Map()): string {
  const copy = mount.cloneNode(true) as Element;
  const live = [mount, ...mount.querySelectorAll('*')];
  const all = [copy, ...copy.querySelectorAll('*')];
  all.forEach((el, i) => {
    const from = live[i];
    for (const name of ID_REFS) el.removeAttribute(name);
    const style = el.getAttribute('style');
    if (style !== null) {
      el.removeAttribute('style');
      if (style.trim()) el.setAttribute('data-ss-style', style);
    }
    if (el.tagName === 'INPUT' && from && from.tagName === 'INPUT') {
      const input = from as HTMLInputElement;
      if (input.type === 'checkbox' || input.type === 'radio') el.toggleAttribute('checked', input.checked);
      else el.setAttribute('value', input.value);
    }
    if (el.tagName === 'OPTION' && from && from.tagName === 'OPTION') el.toggleAttribute('selected', (from as HTMLOptionElement).selected);
    if (el.tagName === 'TEXTAREA' && from) el.textContent = (from as HTMLTextAreaElement).value;
  });
  // what the player hides (the tabs not chosen) is not in the picture: less to fetch and to parse
  for (const hidden of copy.querySelectorAll('[hidden]')) hidden.replaceChildren();
  markParseMessages(copy, messages);
  for (const pre of copy.querySelectorAll('pre[data-highlighted="true"]')) {
    const code = pre.querySelector('code') ?? pre;
    code.replaceChildren(code.textContent ?? '');
    pre.setAttribute('data-highlighted', 'false');
  }
  return copy.outerHTML;
}
