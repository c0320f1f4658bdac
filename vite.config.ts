import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';

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

// `base` lets the app live under a sub-path of any static host: STREAMSCOPE_BASE=/course/streamscope/ npm run build
export default defineConfig({
  base: process.env.STREAMSCOPE_BASE ?? './',
  plugins: [react(), contentSecurityPolicy()],
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
    },
  },
  worker: { format: 'es' },
});
