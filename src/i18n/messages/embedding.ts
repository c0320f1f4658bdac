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
    'files.removed': '“{name}” was removed from your files.',
    'files.renamed': 'Another file named “{name}” is already in your files: this one is kept beside it as “{kept}”.',
    'files.quota': '“{name}” is open, but it could not be kept in this browser: the storage this browser gives the site is full. Forget a file you no longer need, then open it again.',
    'files.drop.overlay': 'Drop a recording to open it',
    'files.drop.formats': '.jsonl, raw .sse / .txt, .har or NDJSON — kept in this browser, never uploaded',
    'files.drop.none': 'Nothing to open: drop a file, not text or a link.',
    'files.drop.many': 'Only one file at a time: opening “{name}”.',
    'files.tooLarge': '“{name}” is {size} MB: larger than the {limit} MB limit, so it was not opened.',
    'files.readError': 'Could not read “{name}”: {message}',
    'embed.command.refused': 'The page’s {command} was not carried out: its {field} is refused ({reason}).',
    'files.rec.refused':
      'Not loading “{value}”: rec= opens only this site’s recordings (an id from the list or a path under recordings/) and https URLs of {origins}.',
    'files.rec.refusedNoOrigins':
      'Not loading “{value}”: rec= opens only this site’s recordings (an id from the list or a path under recordings/); no other site is allowed.',
    'share.open': 'Share',
    'embed.host.unknown': 'This player cannot tell which page embedded it, so it neither sends nor accepts messages: add host=<the page’s origin> to its address.',
    'embed.host.invalid': 'host=“{value}” is not an http(s) origin, so this player neither sends nor accepts messages.',
    'embed.host.mismatch': 'host= names {configured}, but this player is embedded by {actual}: it neither sends nor accepts messages.',
};
