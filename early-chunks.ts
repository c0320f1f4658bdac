// The chunks an embed's player imports once its own code has run, named in embed.html so that the page can ask for
// them at once (src/embed/poster-main.ts adds a modulepreload for the reader's language and the recording's wire).
// Without it each is a round trip after the page's scripts have arrived and run: on a phone (150 ms RTT) the
// language's strings and the wire's reader came 500 ms after the rest of the player's code.
//
// Build only. Writes `<script type="application/json" id="ss-early">` into embed.html: {"lang": {en, zh}, "wire":
// {openai-chat, anthropic-messages, openai-responses, gemini}}, each the chunk's file and the files it imports that
// the page's own scripts do not, as URLs under the build's base.
import type { Plugin } from 'vite';
import { staticClosure } from './chunk-graph.ts';

/** What the page may ask for early: its source module, by name. */
const EARLY: Readonly<Record<'lang' | 'wire', Readonly<Record<string, string>>>> = {
  lang: { en: 'src/i18n/lang/en.ts', zh: 'src/i18n/lang/zh.ts' },
  wire: {
    'openai-chat': 'src/core/wires/openai-chat.ts',
    'anthropic-messages': 'src/core/wires/anthropic-messages.ts',
    'openai-responses': 'src/core/wires/openai-responses.ts',
    gemini: 'src/core/wires/gemini.ts',
  },
};

/** The shape of the JSON written into embed.html (read by src/embed/poster-main.ts). */
export type EarlyChunks = Record<keyof typeof EARLY, Record<string, string[]>>;

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  moduleIds: string[];
  imports: string[];
}

export function earlyChunks(): Plugin {
  let base = './';
  return {
    name: 'streamscope-early-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.filename.endsWith('/embed.html') || !ctx.bundle || !ctx.chunk) return html;
        const byFile = new Map<string, ChunkLike>();
        for (const out of Object.values(ctx.bundle)) if (out.type === 'chunk') byFile.set(out.fileName, out);
        const importsOf = (file: string) => byFile.get(file)?.imports;
        const page = staticClosure(importsOf, [ctx.chunk.fileName]);
        const early = { lang: {}, wire: {} } as EarlyChunks;
        for (const [group, modules] of Object.entries(EARLY) as [keyof typeof EARLY, Record<string, string>][])
          for (const [name, source] of Object.entries(modules)) {
            const chunk = [...byFile.values()].find((c) => c.moduleIds.some((id) => id.endsWith(`/${source}`)));
            if (!chunk) throw new Error(`early-chunks: no chunk holds ${source}`);
            early[group][name] = [...staticClosure(importsOf, [chunk.fileName])].filter((f) => !page.has(f)).map((f) => `${base}${f}`);
          }
        const json = JSON.stringify(early).replace(/</g, '\\u003c');
        return html.replace('</head>', `  <script type="application/json" id="ss-early">${json}</script>\n  </head>`);
      },
    },
  };
}
