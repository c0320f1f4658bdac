// Lint is the enforcer of DESIGN section 8: core <- store <- ui <- embed, panels never import each other.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const layer = (names, message) => ({
  regex: `(^|/)(${names.join('|')})(/|$)`,
  message,
});
// Allowlists, as Perfetto checks its imports: any bare specifier (a package or `node:*`) not named here fails.
const only = (allowed, message) => ({
  regex: `^(?![./])(?!(${allowed.map((a) => a.replace(/[/.]/g, '\\$&')).join('|')})$)`,
  message,
});
const FRAMEWORKS = ['react', 'react-dom', 'react-dom/client', 'zustand', 'zustand/vanilla', 'zustand/react/shallow', 'shiki', 'shiki/core', '@tanstack/react-virtual', 'd3-scale', 'd3-array', 'd3-shape', 'd3-zoom'];

export default tseslint.config(
  { ignores: ['dist', 'types', '.sites', 'node_modules', 'coverage', 'public', 'screenshots'] },
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
        patterns: [
          layer(['store', 'ui', 'embed', 'worker', 'cli', 'i18n'], 'core imports nothing from the layers above it.'),
          only(['eventsource-parser'], 'core may import only core and eventsource-parser (no framework, no Node modules).'),
        ],
      }],
      'no-restricted-globals': ['error', 'document', 'window', 'localStorage', 'setInterval', 'setTimeout'],
    },
  },
  {
    files: ['src/worker/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: FRAMEWORKS, patterns: [layer(['store', 'ui', 'embed', 'cli', 'i18n'], 'the worker runs core only.'), only(['eventsource-parser'], 'the worker runs core only: no package of its own.')] }],
    },
  },
  {
    files: ['src/store/**/*.{ts,tsx}'],
    ignores: ['src/store/react.tsx'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: ['react', 'react-dom', 'react-dom/client', 'shiki', 'shiki/core', 'd3-scale', 'd3-array', 'd3-shape', 'd3-zoom', '@tanstack/react-virtual'].map((name) => ({ name, message: 'Only store/react.tsx touches React; the store knows no UI.' })),
        patterns: [layer(['ui', 'embed', 'cli', 'i18n'], 'store imports core only.'), only(['zustand/vanilla'], 'store may import only core and zustand/vanilla (React lives in store/react.tsx).')],
      }],
    },
  },
  {
    files: ['src/store/react.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [layer(['ui', 'embed', 'cli'], 'store imports core only.'), only(['react', 'zustand', 'zustand/vanilla', 'zustand/react/shallow'], 'store/react.tsx binds the store to React and nothing else.')] }] },
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
    files: ['src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          layer(['store', 'ui', 'embed', 'worker'], 'the CLI may import only core and the framework-free src/i18n catalogs.'),
          { regex: '^(?![./])(?!node:)', message: 'the CLI may import only core, src/i18n and Node modules.' },
        ],
      }],
    },
  },
  {
    files: ['src/i18n/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: FRAMEWORKS.map((name) => ({ name, message: 'src/i18n is framework-free: the CLI reads it too.' })),
        patterns: [
          layer(['store', 'ui', 'embed', 'worker', 'cli'], 'src/i18n imports only core (its catalogs word core\'s codes).'),
          only([], 'src/i18n may import only core (no package, no Node module).'),
        ],
      }],
      'no-restricted-globals': ['error', 'document', 'window', 'localStorage'],
    },
  },
  {
    // the reference strategies are read by learners: plain TypeScript over their own events, nothing imported
    files: ['src/reference/ts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: FRAMEWORKS, patterns: [{ regex: '^(?!\\./)', message: 'src/reference/ts imports only its own folder: it is read as it is (DESIGN section 8).' }] }],
      'no-restricted-globals': ['error', 'document', 'window', 'localStorage'],
    },
  },
  {
    files: ['src/reference/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: FRAMEWORKS, patterns: [layer(['store', 'ui', 'embed', 'worker', 'cli', 'i18n'], 'src/reference runs on core only.')] }] },
  },
  {
    files: ['src/embed/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [layer(['cli'], 'embed never imports cli.')] }] },
  },
);
