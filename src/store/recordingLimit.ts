// The largest recording the app opens: 200 MB (files are checked before reading, fetches while reading, and a
// page's `load` command by its UTF-8 bytes). A leaf module in the shell chunk (chunk-groups.ts): the embed's
// command checker, fetched after the first paint, reads it without pulling the fetcher's code into a chunk of its own.
export const MAX_RECORDING_BYTES = 200 * 1024 * 1024;
