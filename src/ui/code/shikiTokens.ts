// Shiki's tokenizer for JSON, built from shiki/core's primitives: imported statically here, and this module is
// imported lazily by ./highlighter.ts, so the bundle keeps only what tokenizing needs (not createHighlighterCore's
// HTML renderers, hast-util-to-html and the HTML entity tables, which a lazy import of shiki/core kept whole).
import { codeToTokensBase, createShikiInternal, type CodeToTokensBaseOptions, type ThemedToken } from 'shiki/core';
import { createJavaScriptRawEngine } from '@shikijs/engine-javascript/raw';

/** The one thing used of shiki: its base tokens for a text, with a language and a theme. */
export interface Tokenizer {
  codeToTokensBase(text: string, options: CodeToTokensBaseOptions): ThemedToken[][];
}

/** The raw JavaScript regex engine, the precompiled JSON grammar and github-light / github-dark. */
export async function createJsonTokenizer(): Promise<Tokenizer> {
  const internal = await createShikiInternal({
    themes: [import('shiki/themes/github-light.mjs'), import('shiki/themes/github-dark.mjs')],
    langs: [import('@shikijs/langs-precompiled/json')],
    engine: createJavaScriptRawEngine(),
  });
  return { codeToTokensBase: (text, options) => codeToTokensBase(internal, text, options) };
}
