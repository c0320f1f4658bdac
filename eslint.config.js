// Lint is the enforcer of DESIGN section 8: core <- store <- ui <- embed, panels never import each other.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const layer = (names, message) => ({
  regex: `(^|/)(${names.join('|')})(/|$)`,
  message,
});
const FRAMEWORKS = ['react', 'react-dom', 'react-dom/client', 'zustand', 'zustand/vanilla', 'zustand/react/shallow', 'shiki', 'shiki/core', '@tanstack/react-virtual', 'd3-scale', 'd3-array', 'd3-shape', 'd3-zoom'];

export default tseslint.config(
  { ignores: ['dist', 'dist-lib', 'node_modules', 'coverage', 'public', 'screenshots'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: FRAMEWORKS.map((name) => ({ name, message: 'src/core is pure TypeScript: no framework (DESIGN section 8).' })),
        patterns: [layer(['store', 'ui', 'embed', 'worker', 'cli'], 'core imports nothing from the layers above it.'), { group: ['node:*'], message: 'core runs in the browser: no Node modules.' }],
      }],
      'no-restricted-globals': ['error', 'document', 'window', 'localStorage', 'setInterval', 'setTimeout'],
    },
  },
  {
    files: ['src/worker/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: FRAMEWORKS, patterns: [layer(['store', 'ui', 'embed', 'cli'], 'the worker runs core only.')] }],
    },
  },
  {
    files: ['src/store/**/*.{ts,tsx}'],
    ignores: ['src/store/react.tsx'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: ['react', 'react-dom', 'react-dom/client', 'shiki', 'shiki/core', 'd3-scale', 'd3-array', 'd3-shape', 'd3-zoom', '@tanstack/react-virtual'].map((name) => ({ name, message: 'Only store/react.tsx touches React; the store knows no UI.' })),
        patterns: [layer(['ui', 'embed', 'cli'], 'store imports core only.')],
      }],
    },
  },
  {
    files: ['src/store/react.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [layer(['ui', 'embed', 'cli'], 'store imports core only.')] }] },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [layer(['embed', 'cli'], 'ui never imports embed or cli.')] }] },
  },
  ...['raw', 'buffers', 'results'].map((panel) => ({
    files: [`src/ui/panels/${panel}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          layer(['embed', 'cli'], 'ui never imports embed or cli.'),
          { regex: `(^|/)panels/(?!${panel}/)[a-z]+/`, message: 'Panels never import each other (DESIGN section 8).' },
          { regex: `^\\.\\./(?!\\.)(?!${panel}/)[a-z]+/`, message: 'Panels never import each other (DESIGN section 8).' },
        ],
      }],
    },
  })),
  {
    files: ['src/embed/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [layer(['cli'], 'embed never imports cli.')] }] },
  },
);
