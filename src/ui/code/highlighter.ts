/**
 * JSON highlighting with shiki's fine-grained core: `shiki/core` + the JavaScript regex engine + the JSON grammar
 * + github-light / github-dark, created ONCE (a lazy module singleton) and memoized per (text, theme).
 *
 * Contract: highlighting never blocks a render. `useHighlightedJson` returns null until the tokens are ready (the
 * caller renders plain text meanwhile) and never highlights text longer than HIGHLIGHT_LIMIT. It returns tokens,
 * not HTML: callers render them as React text nodes, so no recorded string is ever injected as HTML.
 */
import { useEffect, useState } from 'react';
import type { HighlighterCore } from 'shiki/core';

export type CodeTheme = 'light' | 'dark';
export interface CodeToken {
  content: string;
  color?: string;
}
export type CodeLines = CodeToken[][];

/** Above this many characters, text is shown plain (highlighting would cost more than it helps). */
export const HIGHLIGHT_LIMIT = 20_000;
const CACHE_SIZE = 256;
const THEMES: Record<CodeTheme, string> = { light: 'github-light', dark: 'github-dark' };

let highlighter: Promise<HighlighterCore> | null = null;
const cache = new Map<string, CodeLines>();

/** The one highlighter, created on first use. */
export function loadHighlighter(): Promise<HighlighterCore> {
  highlighter ??= (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([
      import('shiki/core'),
      import('shiki/engine/javascript'),
    ]);
    return createHighlighterCore({
      themes: [import('shiki/themes/github-light.mjs'), import('shiki/themes/github-dark.mjs')],
      langs: [import('shiki/langs/json.mjs')],
      engine: createJavaScriptRegexEngine(),
    });
  })();
  return highlighter;
}

const cacheKey = (text: string, theme: CodeTheme) => `${theme}\u0000${text}`;

/** Tokenizes now (the highlighter must be loaded); remembers the result, least recently used evicted first. */
export function tokenizeJson(h: HighlighterCore, text: string, theme: CodeTheme): CodeLines {
  const key = cacheKey(text, theme);
  const hit = cache.get(key);
  if (hit) return hit;
  const lines = h
    .codeToTokensBase(text, { lang: 'json', theme: THEMES[theme] })
    .map((line) => line.map((tok) => (tok.color ? { content: tok.content, color: tok.color } : { content: tok.content })));
  cache.set(key, lines);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return lines;
}

export function cachedTokens(text: string, theme: CodeTheme): CodeLines | null {
  return cache.get(cacheKey(text, theme)) ?? null;
}

/** Highlighted tokens of `text` once ready, else null (render plain text). Null for text over the limit. */
export function useHighlightedJson(text: string | null, theme: CodeTheme): CodeLines | null {
  const [ready, setReady] = useState<{ key: string; lines: CodeLines } | null>(null);
  const skip = text === null || text.length > HIGHLIGHT_LIMIT;
  const key = skip ? '' : cacheKey(text, theme);
  const cached = skip ? null : cachedTokens(text, theme);
  useEffect(() => {
    if (skip || cached) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    loadHighlighter()
      .then((h) => {
        // Yield first, so a scrub that moves on before we get here costs nothing.
        timer = setTimeout(() => {
          if (!cancelled) setReady({ key, lines: tokenizeJson(h, text, theme) });
        }, 0);
      })
      .catch(() => {
        // Highlighting is a nicety: plain text stays on screen.
      });
    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [key, skip, cached, text, theme]);
  if (skip) return null;
  return cached ?? (ready?.key === key ? ready.lines : null);
}
