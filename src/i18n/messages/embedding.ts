// User-facing strings of the 'embed' area (opening your own files, rec= safety, export, the share dialog), in
// English. Keys are flat and prefixed 'embed.', 'files.' or 'share.'.
// English is the source of the keys (MessageKey); the Chinese is in ./zh/embedding.ts, typed complete against it,
// and each loads only for a reader of its language (../index.ts, loadLanguage).
export const en = {
    'files.open': 'Open recording',
    'files.open.hint': 'Open a recording from your computer (.jsonl, .sse, .txt, .har, .ndjson): it stays in this browser and is never uploaded.',
    'files.paste': 'Paste SSE…',
    'files.export': 'Export .jsonl',
    'files.export.hint': 'Download the current recording (with any faults applied) as a v1 .jsonl file.',
    'files.export.failed': 'The export could not start: part of the page did not load. Reload the page and try again.',
    'files.remove': 'Forget this file',
    'files.remove.hint': 'Remove “{name}” from your files in this browser.',
    'files.drop.overlay': 'Drop a recording to open it',
    'files.drop.formats': '.jsonl, raw .sse / .txt, .har or NDJSON — kept in this browser, never uploaded',
    'share.open': 'Share',
};
