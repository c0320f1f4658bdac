import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Test pyramid: `unit` (pure + jsdom, fast), `integration` (CLI, robustness,
// fuzz), `e2e` (production build driven in Chromium).
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['test/e2e/**', 'test/cli/**', 'test/robustness/**', 'node_modules/**'],
          environment: 'node',
          setupFiles: ['test/setup/i18n.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/cli/**/*.test.ts', 'test/robustness/**/*.test.ts'],
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
