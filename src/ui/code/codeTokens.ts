// Shiki's tokenizer for the reference strategies' code (Python and TypeScript grammars, precompiled to JavaScript
// regular expressions like the JSON one, ./shikiTokens.ts), made once and loaded only with the code view.
import { codeToTokensBase, createShikiInternal } from 'shiki/core';
import { createJavaScriptRawEngine } from '@shikijs/engine-javascript/raw';
import type { Tokenizer } from './shikiTokens';

let made: Promise<Tokenizer> | null = null;

export function codeTokenizer(): Promise<Tokenizer> {
  made ??= createShikiInternal({
    themes: [import('shiki/themes/github-light.mjs'), import('shiki/themes/github-dark.mjs')],
    langs: [import('@shikijs/langs-precompiled/python'), import('@shikijs/langs-precompiled/typescript')],
    engine: createJavaScriptRawEngine(),
  }).then((internal) => ({ codeToTokensBase: (text, options) => codeToTokensBase(internal, text, options) }));
  return made;
}
