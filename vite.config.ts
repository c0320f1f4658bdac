import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';

// `base` lets the app live under a sub-path of any static host: STREAMSCOPE_BASE=/course/streamscope/ npm run build
export default defineConfig({
  base: process.env.STREAMSCOPE_BASE ?? './',
  plugins: [react()],
  build: {
    target: 'es2022',
    rollupOptions: {
      input: {
        index: resolve(import.meta.dirname, 'index.html'),
      },
    },
  },
  worker: { format: 'es' },
});
