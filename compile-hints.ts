// V8's compile hint for whole files (Chromium 136 and later; other engines read it as a comment): a script that starts
// with `//# allFunctionsCalledOnLoad` has every function in it compiled eagerly, on the background thread that
// streams the script in, rather than each one lazily on the page's main thread the first time it is called. A
// player's first render calls most of the code it loads, so without the hint that compiling sat inside its longest
// tasks (docs/performance.md, "On a phone", session 29: on embed.html at 4x CPU, total blocking time 68.5 -> 49 ms,
// medians of 8 loads in turn; a course page of three players ready 340 ms sooner).
//
// Contract: the hint goes at the top of the chunks the first view runs: every entry's static imports, and the chunks
// that hold FIRST_VIEW_LATER (what the first view imports just after its first paint). Nothing else: a chunk of code
// that may never run (the editor, the code view's highlighter and grammars) would be compiled whole for nothing.
// The source map, where there is one, is shifted by the added line.
import type { Plugin } from 'vite';
import { staticClosure } from './chunk-graph.ts';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Modules the first view imports right after its first paint: each wire's reader, the raw panel's frame detail, the
 * span waterfall, the self-check and the embed's message protocol. */
const FIRST_VIEW_LATER = /\/src\/(?:core\/wires\/[a-z-]+\.ts|ui\/panels\/raw\/FrameDetail\.tsx|ui\/waterfall\/Waterfall\.tsx|ui\/selfcheck\/SelfCheck\.tsx|embed\/protocol\.ts)$/;

interface ChunkInfo {
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
}

/** The file names of the chunks to hint, from the whole chunk graph. */
export function hintedChunks(chunks: Readonly<Record<string, ChunkInfo>>): Set<string> {
  const starts = Object.entries(chunks)
    .filter(([, chunk]) => chunk.isEntry || chunk.moduleIds.some((id) => FIRST_VIEW_LATER.test(id)))
    .map(([file]) => file);
  return staticClosure((file) => chunks[file]?.imports, starts);
}

interface OutputLike {
  type: 'chunk' | 'asset';
  fileName: string;
  code?: string;
  map?: { mappings: string } | null;
  source?: string | Uint8Array;
  isEntry?: boolean;
  imports?: string[];
  moduleIds?: string[];
}

export function compileHints(): Plugin {
  return {
    name: 'streamscope-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // after minifying (which drops every comment but a licence's) and after Vite's own first line (its preload
      // helper's file list): the hint takes effect only above all of the file's code
      order: 'post',
      handler(_options, bundle) {
        const outputs = bundle as unknown as Record<string, OutputLike>;
        const chunks: Record<string, ChunkInfo> = {};
        for (const [file, out] of Object.entries(outputs))
          if (out.type === 'chunk') chunks[file] = { isEntry: out.isEntry ?? false, imports: out.imports ?? [], moduleIds: out.moduleIds ?? [] };
        for (const file of hintedChunks(chunks)) {
          const chunk = outputs[file];
          if (chunk?.type !== 'chunk' || chunk.code === undefined) continue;
          chunk.code = COMPILE_HINT + chunk.code;
          // its source map, one line down: the chunk's and the map file's, whichever the build writes out
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const map = outputs[`${file}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const parsed = JSON.parse(map.source) as { mappings: string };
            parsed.mappings = `;${parsed.mappings}`;
            map.source = JSON.stringify(parsed);
          }
        }
      },
    },
  };
}
