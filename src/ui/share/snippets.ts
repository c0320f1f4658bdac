/**
 * What the share dialog offers for a view: the permalink (this page with rec/s/f/lang/theme[/compare]), an iframe
 * snippet of embed.html with the same parameters, and a <streamscope-player> snippet whose attributes are those
 * parameters (all three written by the URL table, store/url.ts's VIEW_PARAMS, never by hand).
 *
 * Contract: pure. `pageUrl` is the URL of a page in the app's folder (index.html or embed.html; its file name, query
 * and hash are dropped). Attribute values are
 * HTML-escaped, so a value can never end the attribute or open a tag; the URLs are built with URL /
 * URLSearchParams, so they are percent-encoded.
 */
import { viewSearch, type ViewParams } from '../../store/url';

export interface ShareSnippets {
  permalink: string;
  embedUrl: string;
  iframe: string;
  element: string;
}

export const escapeAttr = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function shareSnippets(view: ViewParams, pageUrl: string, iframeTitle: string): ShareSnippets {
  // the app's folder: the permalink opens the app even when the dialog was opened inside embed.html
  const root = new URL('./', pageUrl);
  const page = new URL(root);
  page.search = viewSearch(view);
  const embed = new URL('embed.html', root);
  embed.search = page.search;

  // sized by attributes, not a style attribute: a course page with a strict Content-Security-Policy (no
  // 'unsafe-inline' styles, as our own pages) would drop the style and show a 300x150 box
  const iframe =
    `<iframe src="${escapeAttr(embed.href)}" title="${escapeAttr(iframeTitle)}"\n` +
    `        width="100%" height="640" frameborder="0" loading="lazy"></iframe>`;

  // the element's attributes are the permalink's parameters, as the URL table writes them, plus `base`
  const attrs: [string, string][] = [...new URLSearchParams(page.search), ['base', new URL('recordings/', root).href]];
  const attrText = attrs.map(([k, v]) => `${k}="${escapeAttr(v)}"`).join(' ');
  const element =
    `<script type="module" src="${escapeAttr(new URL('element.js', root).href)}"></script>\n` + `<streamscope-player ${attrText}></streamscope-player>`;

  return { permalink: page.href, embedUrl: embed.href, iframe, element };
}
