// The shipped highlighter (precompiled JSON grammar + shiki's raw JavaScript engine) colours JSON exactly as shiki
// does with the original grammar translated at runtime (shiki's own JavaScript regex engine), on the shapes the
// panels show: envelopes, escapes, nesting, numbers, literals, unicode and cut-off fragments.
import { describe, expect, it } from 'vitest';
import { createHighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { loadHighlighter, tokenizeJson } from '../../../src/ui/code/highlighter';

const SAMPLES = [
  '{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\\"path\\": \\"src/"}}',
  '{\n  "choices": [\n    {\n      "delta": { "tool_calls": [ { "index": 0, "function": { "arguments": "{\\"q\\":" } } ] },\n      "finish_reason": null\n    }\n  ],\n  "usage": { "prompt_tokens": 12, "total": -3.5e+2 }\n}',
  '[true, false, null, 0, -0.25, 1E9, "\\u4e2d\\n\\t\\"", {"k": []}]',
  '{"text": "中文 ✓ 🙂", "nested": {"a": {"b": {"c": [1, [2, [3]]]}}}}',
  '{"cut": "mid-str',
  '{"bad": tru}',
];

describe('JSON highlighting', () => {
  it('gives the same tokens and colours as the runtime-translated grammar, in both themes', async () => {
    const shipped = await loadHighlighter();
    const oracle = await createHighlighterCore({
      themes: [import('shiki/themes/github-light.mjs'), import('shiki/themes/github-dark.mjs')],
      langs: [import('shiki/langs/json.mjs')],
      engine: createJavaScriptRegexEngine(),
    });
    for (const [theme, name] of [['light', 'github-light'], ['dark', 'github-dark']] as const) {
      for (const text of SAMPLES) {
        const ours = tokenizeJson(shipped, text, theme);
        const theirs = oracle
          .codeToTokensBase(text, { lang: 'json', theme: name })
          .map((line) => line.map((tok) => (tok.color ? { content: tok.content, color: tok.color } : { content: tok.content })));
        expect(ours).toEqual(theirs);
      }
    }
    // and it does colour: keys and strings differ from punctuation
    const lines = tokenizeJson(shipped, SAMPLES[0] as string, 'light');
    expect(new Set(lines.flat().map((t) => t.color)).size).toBeGreaterThan(2);
  });
});
