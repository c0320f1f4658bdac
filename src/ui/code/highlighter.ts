/**
 * JSON highlighting with shiki's fine-grained core: `shiki/core` + the raw JavaScript regex engine + the JSON
 * grammar precompiled to JavaScript regular expressions (so no Oniguruma-to-JS translator is shipped)
 * + github-light / github-dark, created ONCE (a lazy module singleton, ./shikiTokens.ts) and memoized per (text,
 * theme). Only shiki's tokenizing primitives are used, not `createHighlighterCore` and its HTML renderers.
 *
 * Contract: highlighting never blocks a render. `useHighlightedJson` returns null until the tokens are ready (the
 * caller renders plain text meanwhile) and never highlights text longer than HIGHLIGHT_LIMIT or nesting deeper
 * than HIGHLIGHT_DEPTH (the grammar's rule stack grows with each open bracket). Shiki's code is not
 * fetched before the page's first paint: the first request waits for a painted frame and an idle period
 * (`afterFirstPaint`), and for a code block on screen (`useSeen`: a page whose JSON is below the fold fetches
 * shiki when the reader scrolls to it, not before; once shiki is loaded every block highlights as before). A text is tokenized only once it has stayed on screen SETTLE_MS, so scrubbing through
 * frames costs no tokenizing at all. It returns tokens,
 * not HTML: callers render them as React text nodes, so no recorded string is ever injected as HTML.
 */
import { useEffect, useMemo, useState, type RefObject } from 'react';
import type { Tokenizer } from './shikiTokens';
import { jsonTextDepth } from '../../core/strategies/json';
import { afterPaint, whenIdle } from '../shell/whenIdle';

export type CodeTheme = 'light' | 'dark';
export interface CodeToken {
  content: string;
  color?: string;
}
export type CodeLines = CodeToken[][];

/** Above this many characters, text is shown plain (highlighting would cost more than it helps). */
export const HIGHLIGHT_LIMIT = 20_000;
/** Text nesting deeper than this is shown plain. */
export const HIGHLIGHT_DEPTH = 64;
const CACHE_SIZE = 256;
/** How long a text must stay on screen before it is tokenized. */
export const SETTLE_MS = 80;
/** The longest wait for an idle period before shiki is fetched anyway. */
const IDLE_TIMEOUT_MS = 1000;
const THEMES: Record<CodeTheme, string> = { light: 'github-light', dark: 'github-dark' };

let highlighter: Promise<Tokenizer> | null = null;
let painted: Promise<void> | null = null;
/** Whether the highlighter has loaded, and who waits for it to (blocks not yet seen: see useSeen). */
let loaded = false;
const onLoaded = new Set<() => void>();

/** Resolves once the page has painted its next frame and then gone idle (or after IDLE_TIMEOUT_MS at most). */
export function afterNextPaint(): Promise<void> {
  return new Promise<void>((resolve) => {
    afterPaint(() => whenIdle(resolve, IDLE_TIMEOUT_MS));
  });
}

/** Resolves once the page has painted a frame and then gone idle (or after IDLE_TIMEOUT_MS at most). */
export function afterFirstPaint(): Promise<void> {
  return (painted ??= afterNextPaint());
}
const cache = new Map<string, CodeLines>();

/** The one highlighter, created on first use. */
export function loadHighlighter(): Promise<Tokenizer> {
  if (highlighter) return highlighter;
  highlighter = import('./shikiTokens').then((m) => m.createJsonTokenizer());
  void highlighter.then(
    () => {
      loaded = true;
      for (const wake of [...onLoaded]) wake();
      onLoaded.clear();
    },
    () => {},
  );
  return highlighter;
}

/**
 * True once the element has been on screen (then stays true), or once the highlighter is loaded (every block may
 * use it then), or at once where there is no IntersectionObserver. Until then a block does not ask for shiki.
 */
export function useSeen(ref: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(() => loaded || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (seen) return;
    const wake = () => setSeen(true);
    onLoaded.add(wake);
    const el = ref.current;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) wake();
    });
    if (el) observer.observe(el);
    return () => {
      onLoaded.delete(wake);
      observer.disconnect();
    };
  }, [seen, ref]);
  return seen;
}

const cacheKey = (text: string, theme: CodeTheme) => `${theme}\u0000${text}`;

/** Tokenizes now (the highlighter must be loaded); remembers the result, least recently used evicted first. */
export function tokenizeJson(h: Tokenizer, text: string, theme: CodeTheme): CodeLines {
  const key = cacheKey(text, theme);
  const hit = cache.get(key);
  if (hit) return hit;
  const lines = h.codeToTokensBase(text, { lang: 'json', theme: THEMES[theme] })
    .map((line) => line.map((tok) => (tok.color ? { content: tok.content, color: tok.color } : { content: tok.content })));
  cache.set(key, lines);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return lines;
}

export function cachedTokens(text: string, theme: CodeTheme): CodeLines | null {
  return cache.get(cacheKey(text, theme)) ?? null;
}

/**
 * Highlighted tokens of `text` once ready, else null (render plain text). Null for text over the limit. With
 * `seen` false (the block has not been on screen yet, see useSeen) nothing is fetched or tokenized.
 */
export function useHighlightedJson(text: string | null, theme: CodeTheme, seen = true): CodeLines | null {
  const [ready, setReady] = useState<{ key: string; lines: CodeLines } | null>(null);
  const tooDeep = useMemo(() => text !== null && text.length <= HIGHLIGHT_LIMIT && jsonTextDepth(text) > HIGHLIGHT_DEPTH, [text]);
  const skip = text === null || text.length > HIGHLIGHT_LIMIT || tooDeep;
  const key = skip ? '' : cacheKey(text, theme);
  const cached = skip ? null : cachedTokens(text, theme);
  useEffect(() => {
    if (skip || cached || !seen) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    afterFirstPaint()
      .then(() => (cancelled ? null : loadHighlighter()))
      .then((h) => {
        if (!h || cancelled) return;
        // Wait for the text to settle, so a scrub that moves on before then costs nothing.
        timer = setTimeout(() => {
          if (cancelled) return;
          try {
            setReady({ key, lines: tokenizeJson(h, text, theme) });
          } catch {
            // a text the tokenizer cannot take stays plain
          }
        }, SETTLE_MS);
      })
      .catch(() => {
        // Highlighting is a nicety: plain text stays on screen.
      });
    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [key, skip, cached, seen, text, theme]);
  if (skip) return null;
  return cached ?? (ready?.key === key ? ready.lines : null);
}
