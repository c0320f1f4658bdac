// The library build: `npm run build:lib` writes dist-lib/streamscope.js, an ES module exporting mount(), the
// <streamscope-player> custom element (defined on import) and the message protocol. Styles travel inside it (the
// custom element puts them in its shadow root).
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';

export default defineConfig({
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production'), __STREAMSCOPE_REC_ORIGINS__: '[]' },
  build: {
    outDir: 'dist-lib',
    target: 'es2022',
    lib: { entry: resolve(import.meta.dirname, 'src/embed/index.ts'), formats: ['es'], fileName: () => 'streamscope.js' },
  },
  worker: { format: 'es' },
});
