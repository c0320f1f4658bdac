// The UI is written against React's API and runs on Preact (preact/compat), in every build and every test:
// React 19's DOM renderer was 66 KB of the 155 KB gzip the app's page fetched before its first paint, over the
// budget of DESIGN.md section 10 (150 KB) and far over the embed's 90 KB (docs/performance.md, "JavaScript
// weight"); Preact with its compat layer is 12 KB. Sources keep importing 'react' (types from @types/react);
// these aliases send those imports, and the libraries' (zustand, @tanstack/react-virtual, @testing-library/react),
// to Preact.
export const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
