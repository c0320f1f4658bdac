// The shared chunks of the app's build (vite.config.ts) and the library's (vite.lib.config.ts): core's analysis
// (load, SSE, adapters, ground truth, strategies, timeline, view) as one chunk, shared by the page and the analysis
// worker, and the shell (the renderer, the store's hooks, the i18n module, the URL params, the bundler's runtime),
// instead of chunks cut by which lazy chunk also uses a module (each file is compressed on its own, and each adds a
// request). In the library this took the element's first paint from 22 requests to 7 and 2.9 KB gzip less.
// The fault code, the export, the what-if maths and the large-input speed-ups that only the workers, the CLI and the
// bench install (core/large-inputs.ts: the template matcher, the block scanner and the block path) stay out of the
// analysis chunk, with what uses them. So does each wire's own code (its adapter and its ground truth: core/wires),
// which a page fetches when it first meets that wire, and the modules that install all four at once (session.ts,
// wire/index.ts, ground-truth/index.ts: the lab's and the workers'). So do the readers' learning (learning.ts: the
// template and shape builders, which a page's small inline analysis goes without) and the readers of raw SSE, HAR,
// NDJSON and base64 `bytes` events (load/formats.ts, fetched when a page first opens a file that needs one;
// load/index.ts installs them), the loaders' English sentences (load/english.ts: the CLI's, and the app's English
// notices and problems, which load when there is one to show), and the SSE decoder's general path (sse/general.ts: eventsource-parser and the CR
// segmenter, fetched when a page first decodes a recording that needs it; sse/index.ts installs it).
const ANALYSIS_MODULES = /\/src\/core\/(?!faults\/|learning\.ts|wire\/(?:template-make|template-hole|json-span)\.ts|strategies\/ground-truth\/shape(?:-fit)?\.ts|load\/(?:index|formats|har|ndjson|sse-text|base64|english)\.ts|sse\/(?:index|general|segment)\.ts|load\/blocks\.ts|export\/|wires\/|session\/(?:analyze|session)\.ts|wire\/(?:index|anthropic-messages|anthropic-blocks|openai-chat|openai-responses|gemini|gemini-args|encode|encode-evented)\.ts|strategies\/ground-truth\/(?:index|anthropic|chat|gemini|responses)\.ts|session\/analyze|timeline\/whatif|strategies\/facts|strategies\/(?:partial-json|preview|learner)\.ts|wire\/template-match|large-inputs|load\/block-scanner|sse\/block-(?:path|scan))|\/src\/worker\/protocol\.ts$/;

// the renderer: Preact, to which ./preact-aliases.ts sends every import of react and react-dom; and the few UI
// modules that the first view and the header (a chunk loaded on demand: embeds do without it) both use, which the
// bundler would otherwise cut into files of their own, each one more request before an embed's first paint
const SHELL_MODULES = /\/src\/ui\/(?:shell\/(?:lazyView|useT)\.ts|i18n\/parts\.tsx|conclusion\/explain\.ts|files\/context\.tsx)$|\/node_modules\/preact\/|\/src\/store\/react\.tsx$|\/src\/store\/files\.ts$|\/src\/i18n\/index\.ts$|\/src\/store\/params\.ts$|\/src\/store\/exerciseUrl\.ts$|\/src\/store\/recordingLimit\.ts$|preload-helper|rolldown[/:]runtime/;

export const CHUNK_GROUPS = [
  { debugName: 'analysis', name: (id: string) => (ANALYSIS_MODULES.test(id) ? 'analysis' : null) },
  { debugName: 'shell', name: (id: string) => (SHELL_MODULES.test(id) ? 'shell' : null) },
];

