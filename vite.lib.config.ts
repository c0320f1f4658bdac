// The library build (`npm run build:lib`, run by `npm run build` after the app's): two ES modules beside the app in
// dist/, so a course site that copies dist/ (or installs the package) has everything in one folder:
// - dist/streamscope.js: `mount()`, the element's definer and the protocol (no side effect on import);
// - dist/element.js: defines <streamscope-player> on import in a browser (a no-op in Node);
// their shared chunks and workers under dist/lib/. Styles travel inside (the shadow roots adopt them). The base is
// relative, so the workers are found next to the module wherever the folder is served.
// Minified whole (`output.minify`): Vite's library mode otherwise keeps the ES output's whitespace and names for a
// bundler to minify, but a plain page loads these files as they are (docs/embedding.md's plain-HTML recipe), and
// they were about 20 KB gzip heavier before the element's first paint (docs/performance.md, "JavaScript weight").
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { PREACT_ALIASES } from './preact-aliases.ts';
import { CHUNK_GROUPS } from './chunk-groups.ts';
import { compileHints } from './compile-hints.ts';

export default defineConfig({
  base: './',
  publicDir: false,
  plugins: [react(), compileHints()],
  resolve: { alias: PREACT_ALIASES },
  define: { 'process.env.NODE_ENV': JSON.stringify('production'), __STREAMSCOPE_REC_ORIGINS__: '[]' },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    assetsDir: 'lib',
    target: 'es2022',
    lib: {
      entry: { streamscope: resolve(import.meta.dirname, 'src/embed/index.ts'), element: resolve(import.meta.dirname, 'src/embed/define.ts') },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
    rollupOptions: {
      output: {
        minify: true,
        chunkFileNames: 'lib/[name]-[hash].js',
        assetFileNames: 'lib/[name]-[hash][extname]',
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
  worker: { format: 'es', rollupOptions: { output: { minify: true, entryFileNames: 'lib/[name]-[hash].js', chunkFileNames: 'lib/[name]-[hash].js' } } },
});
