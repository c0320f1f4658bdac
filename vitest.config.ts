import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { PREACT_ALIASES } from './preact-aliases.ts';

// Test pyramid: `unit` (pure + jsdom, fast), `integration` (CLI in-process, robustness,
// fuzz, lint layers), `e2e` (production build driven in Chromium).
//
// unit and integration use every core: vitest's default (cores - 1) runs one file at a time
// on a 2-core machine. Projects with different maxWorkers need their own groupOrder when
// run together; they then run one project after the other.
const CORES = availableParallelism();
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      // its ESM build, so its imports of react-dom go through the aliases too (the CJS build's require() would not)
      { find: /^@testing-library\/react$/, replacement: resolve(import.meta.dirname, 'node_modules/@testing-library/react/dist/@testing-library/react.esm.js') },
      ...PREACT_ALIASES,
    ],
  },
  test: {
    // the aliases reach a dependency only when vitest bundles it: these import 'react'
    server: { deps: { inline: [/@testing-library\/react/, /zustand/, /@tanstack\/react-virtual/] } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          maxWorkers: CORES,
          sequence: { groupOrder: 0 },
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['test/e2e/**', 'test/sites/**', 'test/cli/**', 'test/robustness/**', 'test/lint/**', 'node_modules/**'],
          environment: 'node',
          setupFiles: ['test/setup/i18n.ts', 'test/setup/settle-effects.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          maxWorkers: CORES,
          sequence: { groupOrder: 1 },
          // test/lint runs the real ESLint (typescript-eslint and its parser) over probe files: not a pure test
          include: ['test/cli/**/*.test.ts', 'test/robustness/**/*.test.ts', 'test/lint/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/setup/i18n.ts'],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          // the tests word their locators with the catalogs (translate), so both languages are registered here too
          setupFiles: ['test/setup/i18n.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // what a browser shows after an action may wait on a lazily loaded chunk, the worker or a recording's
          // load: on a loaded 2-core runner that is past expect.poll's default second, never past ten
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          // the doc-site recipes of docs/embedding.md, built from the packed tarball and opened in Chromium
          name: 'sites',
          include: ['test/sites/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/sites/global-setup.ts'],
          setupFiles: ['test/setup/i18n.ts'],
          testTimeout: 90_000,
          hookTimeout: 300_000,
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
