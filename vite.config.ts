import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { CHUNK_GROUPS } from './chunk-groups.ts';
import { compileHints } from './compile-hints.ts';
import { earlyChunks } from './early-chunks.ts';
import { PREACT_ALIASES } from './preact-aliases.ts';

/**
 * Origins (besides this site) that `rec=` may load recordings from, fixed at build time:
 * STREAMSCOPE_REC_ORIGINS="https://cdn.example.org,https://course.example.edu" npm run build
 */
const recOrigins = (process.env.STREAMSCOPE_REC_ORIGINS ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter((s) => /^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(s));

/**
 * The Content-Security-Policy of every built page (index.html, embed.html, the course example), as a meta tag; dev
 * keeps Vite's HMR. Each source is one the pages use (docs/embedding.md, "Content-Security-Policy"; checked in
 * Chromium with no violation by test/e2e/safety.test.ts): scripts and workers are files of this site (no inline
 * script, no eval: shiki runs its JavaScript regex engine, no WebAssembly); styles are the site's CSS files, and
 * React's style props and shiki's token colours are set through CSSOM, which style-src does not govern; images
 * are the site's, plus blob: for the waterfall's PNG export (the SVG drawn onto a canvas); connections go to this
 * site and the build-time allowlist of recording origins.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob:",
  "font-src 'self'",
  ['connect-src', "'self'", ...recOrigins].join(' '),
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

function contentSecurityPolicy(): Plugin {
  return {
    name: 'streamscope-csp',
    apply: 'build',
    transformIndexHtml(html) {
      return html.replace(
        /<meta charset="UTF-8" \/>/i,
        `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />`,
      );
    },
  };
}

/**
 * The analysis and matrix workers as chunks of the app's own build, not separate worker builds: Vite bundles a
 * `new Worker(new URL('./x.worker.ts', import.meta.url))` on its own, so core's code (load, SSE, adapters, ground
 * truth, strategies) was shipped twice, once in the page's main chunk and once in each worker. Emitted as chunks of
 * this build, a worker imports the same core chunk the page already loaded (the browser's cache serves it; each
 * worker still evaluates its own copy). The worker's file keeps its `<name>.worker-<hash>.js` name. Build only: the
 * dev server, the library build and the tests keep Vite's own worker handling. A worker's code must not use a
 * dynamic import(): in this build Vite wraps it in its preload helper, which reads `document` (test/e2e/loading
 * checks a faulted worker analysis).
 */
function sharedChunkWorkers(): Plugin {
  const pattern = /new Worker\(new URL\('\.\/((?:analyze|matrix)\.worker)\.ts', import\.meta\.url\)/g;
  return {
    name: 'streamscope-shared-chunk-workers',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/worker\/[A-Za-z]+\.ts$/.test(id) || !code.includes('new Worker(')) return null;
      let changed = false;
      const out = code.replace(pattern, (_match, name: string) => {
        changed = true;
        const ref = this.emitFile({ type: 'chunk', id: resolve(import.meta.dirname, 'src/worker', `${name}.ts`), name });
        return `new Worker(import.meta.ROLLUP_FILE_URL_${ref}`;
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}

/**
 * The dev server reloads the page when a component or a module that components use changes. The UI runs on Preact
 * (./preact-aliases.ts), which React's Fast Refresh runtime (from @vitejs/plugin-react) does not know: it accepted
 * an edit and the page went on showing the old component. A reload shows the edit; the URL keeps the recording,
 * the frame and the view. Dev only: builds and tests never see it.
 */
function reloadOnUiEdit(): Plugin {
  return {
    name: 'streamscope-reload-on-ui-edit',
    apply: 'serve',
    handleHotUpdate({ file, server }) {
      if (!/\/src\/.*\.tsx?$/.test(file)) return;
      server.ws.send({ type: 'full-reload' });
      return [];
    },
  };
}

// `base` lets the app live under a sub-path of any static host: STREAMSCOPE_BASE=/course/streamscope/ npm run build
export default defineConfig({
  base: process.env.STREAMSCOPE_BASE ?? './',
  plugins: [reloadOnUiEdit(), react(), contentSecurityPolicy(), sharedChunkWorkers(), earlyChunks(), compileHints()],
  resolve: { alias: PREACT_ALIASES },
  define: {
    __STREAMSCOPE_REC_ORIGINS__: JSON.stringify(recOrigins),
  },
  build: {
    target: 'es2022',
    rollupOptions: {
      input: {
        index: resolve(import.meta.dirname, 'index.html'),
        embed: resolve(import.meta.dirname, 'embed.html'),
        course: resolve(import.meta.dirname, 'examples/course.html'),
      },
      output: {
        // the analysis and shell chunks, shared with the library's build (./chunk-groups.ts)
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
  worker: { format: 'es' },
});
