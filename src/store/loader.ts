/**
 * Loading for one player: the recordings index, a shipped recording by id, or a file the user opened; analysis
 * through the injected analyzer (inline or in a Web Worker), with progress and cancellation.
 *
 * Contract: never throws and never rejects; every failure ends in `fail(notice)` with a catalog key naming what
 * and where (an unknown id, a fetch error, a body or an input over MAX_RECORDING_BYTES, the line / byte of an
 * unreadable file); a failure leaves the recording already shown in place. A newer load or a cancel makes
 * any older load stale: a stale load aborts its analysis (AbortSignal) and never touches the state again. A load
 * that fails before its analysis (a file refused as too large, a kept file found damaged) is a newer load too.
 * A string source is a shipped id from index.json, else whatever `resolveRec` (./url.ts) allows: a relative path
 * under the recordings folder or an https URL of an origin on the build-time allowlist. Anything else is refused
 * with 'files.rec.refused' naming the value, and nothing is fetched.
 * Kept files: a store that surveys what it keeps (./files.ts) has each entry of the wrong shape named in a warning
 * with "Forget this file" ('files.damaged'); one found so when reopened fails with that notice and leaves the list.
 */
import type { FrameIndex, Session } from '../core/types';
import { loadWire } from '../core/wires';
import { PAGE_FETCH_BYTES, TooLargeError, type TextFetch } from './fetchRecording';
import { damagedNotice, fileStoreNotice, isChecked } from './files';
import { tooLargeNotice } from './files-size';
import { parseIndex } from './recordings';
import type { LoadSetter } from './slices';
import type { Analyzer, FileStore, Notice, PlayerState, Source } from './state';
import { normalizeOrigins, resolveRec } from './url';

export { cachedFetch, defaultFetch, MAX_RECORDING_BYTES, readBodySliced, TooLargeError, yieldToPage, type TextFetch } from './fetchRecording';

/** The build-time allowlist of origins `rec=` may load from (vite.config.ts; none under vitest). */
export function recOrigins(): string[] {
  return normalizeOrigins(typeof __STREAMSCOPE_REC_ORIGINS__ !== 'undefined' ? __STREAMSCOPE_REC_ORIGINS__ : []);
}

/** How a rec value is shown in a message: cut, so a hostile 2 KB value cannot flood the page. */
const shown = (value: string) => (value.length > 120 ? `${value.slice(0, 117)}…` : value);

/** What to open: a shipped id or `rec` value, a text given with its name, or a URL given by the page (`src`). */
export type RecordingSource = string | { input: string | Uint8Array; name: string } | { url: string };

export interface LoadOptions {
  /** The frame to open on (clamped); default 0. */
  frame?: FrameIndex;
}

export interface LoaderContext {
  get: () => Readonly<PlayerState>;
  /** Writes the loader's own keys only (recordings, files, source, session, status, warnings). */
  set: LoadSetter;
  analyze: Analyzer;
  /** Fetches index.json and recordings; when it can also give a recording's bytes (`.bytes`), recordings are fetched so. */
  fetchText: TextFetch;
  /** Where index.json and the recordings live, ending in '/'. */
  base: string;
  fail: (notice: Notice) => void;
  warn: (notice: Notice) => void;
  /** Runs when a load starts (the store stops its clock). */
  beforeLoad: () => void;
  /** Keeps opened files across reloads, when given. */
  fileStore?: FileStore | undefined;
  /** Work on a freshly analysed session before it is installed, in tasks of its own (optional). */
  prepare?: (session: Session) => Promise<void>;
  /** Puts a freshly analysed session in place (the store, across its slices, in one update). */
  install: (session: Session, source: Source, frame: number) => void;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '');

/** A fetch over the size limit, in the reader's language: the declared size, or that it passed the limit while read. */
function fetchTooLargeNotice(name: string, e: TooLargeError): Notice {
  if (e.size !== undefined) return { key: 'app.error.tooLarge', params: { name, size: mb(e.size), limit: mb(e.limit) } };
  return { key: 'app.error.tooLargeWhileReading', params: { name, limit: mb(e.limit) } };
}

/**
 * The catalog key and parameters for an unreadable file, by what the loader could say about where. A failure with a
 * code and params and no sentence of its own (the loaders' own) is worded by code ('load.failure[At].<code>[.<type
 * token>]', so in the reader's language); any other (no code: an analysis failure, a fault) shows its message.
 */
export function unreadable(
  name: string,
  error: { message?: string; line?: number; byteOffset?: number; code?: string; params?: Readonly<Record<string, string | number>> },
): Notice {
  const { line, byteOffset, code, params } = error;
  if (code !== undefined && params !== undefined && error.message === undefined) {
    const at = line !== undefined && byteOffset !== undefined;
    const type = typeof params.type === 'string' ? `.${params.type}` : '';
    const out: Record<string, string | number> = { ...params, name };
    if (at) Object.assign(out, { line, byte: byteOffset });
    return { key: `load.${at ? 'failureAt' : 'failure'}.${code}${type}`, params: out };
  }
  const text = error.message ?? code ?? '';
  if (line !== undefined && byteOffset !== undefined) return { key: 'app.error.loadAtLineByte', params: { name, message: text, line, byte: byteOffset } };
  if (line !== undefined) return { key: 'app.error.loadAtLine', params: { name, message: text, line } };
  if (byteOffset !== undefined) return { key: 'app.error.loadAtByte', params: { name, message: text, byte: byteOffset } };
  return { key: 'app.error.load', params: { name, message: text } };
}

const isInput = (v: string | Uint8Array | Notice): v is string | Uint8Array => typeof v === 'string' || v instanceof Uint8Array;

/** A URL made absolute against the page's base where there is a page (messages name what was fetched). */
function absolute(url: string): string {
  try {
    return typeof document === 'undefined' ? url : new URL(url, document.baseURI).href;
  } catch {
    return url;
  }
}

export function createLoader(ctx: LoaderContext) {
  const { get, set, fail } = ctx;
  const fileInputs = new Map<string, string | Uint8Array>();
  let loadToken = 0;
  let controller: AbortController | null = null;
  let indexPromise: Promise<void> | null = null;
  /** Why index.json could not be read, when it could not: an id not found then says so, with the URL. */
  let indexProblem: { url: string; message: string } | null = null;

  const listFiles = async (): Promise<void> => {
    const store = ctx.fileStore;
    if (!store) return;
    try {
      // a store that can tell the entries it skipped (wrong shape) names each, with "Forget this file"
      const { names, damaged } = isChecked(store) ? await store.survey() : { names: await store.list(), damaged: [] };
      const known = get().files;
      const merged = [...known, ...names.filter((n) => !known.includes(n))];
      if (merged.length !== known.length) set({ files: merged });
      for (const name of damaged) ctx.warn(damagedNotice(name));
    } catch (e) {
      ctx.warn(fileStoreNotice(e));
    }
  };

  const loadIndex = (): Promise<void> => {
    indexPromise ??= (async () => {
      void listFiles();
      try {
        const text = await ctx.fetchText(`${ctx.base}index.json`, new AbortController().signal);
        const { entries, problems } = parseIndex(JSON.parse(text) as unknown);
        set({ recordings: entries });
        for (const problem of problems) ctx.warn({ key: 'app.warn.index', params: { problem } });
      } catch (e) {
        indexProblem = { url: shown(indexUrl()), message: message(e) };
        ctx.warn({ key: 'app.warn.indexUnreadable', params: indexProblem });
      }
    })();
    return indexPromise;
  };

  /** index.json's URL made absolute against the page where there is one (for messages; the fetch takes it as it is). */
  const indexUrl = () => absolute(`${ctx.base}index.json`);

  /** A recording's body (bytes where the fetcher gives them); a failure is the notice to show, naming the URL. */
  const fetchInput = async (url: string, label: string, signal: AbortSignal, expected?: number): Promise<string | Uint8Array | Notice> => {
    try {
      const { bytes } = ctx.fetchText;
      return bytes ? await bytes(url, signal, expected) : await ctx.fetchText(url, signal);
    } catch (e) {
      if (e instanceof TooLargeError) return fetchTooLargeNotice(label, e);
      return { key: 'app.error.fetch', params: { name: label, url: shown(absolute(url)), message: message(e) } };
    }
  };

  /** Makes every older load stale (its analysis aborted): the load that calls this is the newest from now on. */
  const begin = () => {
    const token = ++loadToken;
    controller?.abort();
    const ctl = (controller = new AbortController());
    return { stale: () => token !== loadToken, ctl };
  };

  const loadRecording = async (src: RecordingSource, options: LoadOptions = {}): Promise<void> => {
    // content over the limit (a page's load, a paste) is refused before anything else, measured in bytes
    const tooLarge = typeof src === 'string' || 'url' in src ? null : tooLargeNotice(src.name, src.input);
    if (tooLarge) return (begin(), fail(tooLarge));
    const { stale, ctl } = begin();
    ctx.beforeLoad();
    let source: Source;
    let input: string | Uint8Array;
    if (typeof src === 'string') {
      source = { kind: 'shipped', id: src };
      set({ status: { kind: 'loading', name: src, progress: null } });
      await loadIndex();
      if (stale()) return;
      const entry = get().recordings.find((r) => r.id === src);
      let url: string;
      let label: string;
      let expected: number | undefined;
      if (entry) {
        // the wire's code, beside the recording rather than after it (a failure here is met again, and reported, by
        // the analysis itself)
        if (entry.wire) void loadWire(entry.wire).catch(() => undefined);
        url = `${ctx.base}${entry.file}`;
        label = entry.file;
        expected = entry.bytes;
      } else {
        const target = resolveRec(src, recOrigins());
        if (target.kind === 'id' && indexProblem) {
          // one message that says it all, in place of the index's warning
          set({ warnings: get().warnings.filter((w) => w.key !== 'app.warn.indexUnreadable') });
          return fail({ key: 'app.error.noIndex', params: { id: src, ...indexProblem } });
        }
        if (target.kind === 'id') return fail({ key: 'app.error.unknownRecording', params: { id: src } });
        if (target.kind === 'refused') {
          const origins = recOrigins();
          return fail({ key: origins.length ? 'files.rec.refused' : 'files.rec.refusedNoOrigins', params: { value: shown(src), origins: origins.join(', ') } });
        }
        url = target.kind === 'path' ? `${ctx.base}${target.path}` : target.url;
        label = shown(src);
      }
      const got = await fetchInput(url, label, ctl.signal, expected);
      if (stale()) return;
      if (!isInput(got)) return fail(got);
      input = got;
    } else if ('url' in src) {
      // a URL the page gave: fetched as it is (the page, not a permalink, chose it)
      const name = shown(src.url);
      source = { kind: 'url', url: src.url, name };
      set({ status: { kind: 'loading', name, progress: null } });
      const got = await fetchInput(src.url, name, ctl.signal);
      if (stale()) return;
      if (!isInput(got)) return fail(got);
      input = got;
    } else {
      source = { kind: 'file', name: src.name };
      input = src.input;
      fileInputs.set(src.name, src.input);
      if (!get().files.includes(src.name)) set({ files: [...get().files, src.name] });
      // kept in a task of its own: IndexedDB copies the file there, which is long for a large one, so it stays
      // apart from the task that hands it to the analysis worker
      const { fileStore } = ctx;
      const kept = src;
      if (fileStore) setTimeout(() => void fileStore.put(kept.name, kept.input).catch((e: unknown) => ctx.warn(fileStoreNotice(e))), 0);
    }
    if (stale()) return;
    const name = source.kind === 'shipped' ? source.id : source.name;
    set({ status: { kind: 'loading', name, progress: 0 } });
    let outcome;
    try {
      outcome = await ctx.analyze(input, name, {
        signal: ctl.signal,
        onProgress: (p) => {
          if (!stale()) set({ status: { kind: 'loading', name, progress: Math.min(1, Math.max(0, p)) } });
        },
      });
    } catch (e) {
      if (stale()) return;
      return fail({ key: 'app.error.analyze', params: { name, message: message(e) } });
    }
    if (stale()) return;
    if (!outcome.ok) return fail(unreadable(name, outcome.error));
    if (ctx.prepare) {
      await ctx.prepare(outcome.session);
      if (stale()) return;
    }
    controller = null;
    ctx.install(outcome.session, source, options.frame ?? 0);
  };

  const reopenFile = async (name: string): Promise<void> => {
    let input = fileInputs.get(name);
    if (input === undefined && ctx.fileStore) {
      // this is the newest load from now on, while the store reads: an older one still analysing must not land after
      // this one's failure, and this one is dropped if a newer one starts meanwhile
      const { stale } = begin();
      try {
        input = await ctx.fileStore.get(name);
        if (stale()) return;
      } catch (e) {
        if (stale()) return;
        const notice = fileStoreNotice(e);
        // an entry of the wrong shape: skipped (out of the list), said once, with "Forget this file"
        if (notice.key === 'files.damaged') {
          set({ files: get().files.filter((n) => n !== name) });
          return fail(notice);
        }
        ctx.warn(notice);
      }
    }
    if (input === undefined) return fail({ key: 'app.error.unknownFile', params: { name } });
    return loadRecording({ input, name });
  };

  // forgetting a kept file and resetting the store are rare: their code loads when asked (./keptFiles.ts)
  const keptFiles = () => import('./keptFiles').then((m) => m.keptFileActions(ctx, fileInputs));
  const kept = {
    forgetFile: (name: string) => keptFiles().then((k) => k.forgetFile(name), (e: unknown) => ctx.warn(fileStoreNotice(e))),
    resetFileStore: () => keptFiles().then((k) => k.resetFileStore(), (e: unknown) => ctx.warn(fileStoreNotice(e))),
  };

  /**
   * Asks for a shipped recording's body and its wire's code ahead of the load that will use them: network only, no
   * analysis and no worker (the app asks while its first view is painted, and loads after that paint). Only for a
   * body the page fetches itself (by the index's size, at most PAGE_FETCH_BYTES); the load then takes it from the
   * fetch cache, in flight or done. A failure is left for the load to meet and report. A player with nothing on it
   * says from now on that this recording is loading (the caller loads it next: the stage must not say "choose a
   * recording" in between).
   */
  const prefetchRecording = async (id: string): Promise<void> => {
    if (get().status.kind === 'idle' && !get().session) set({ status: { kind: 'loading', name: id, progress: null } });
    await loadIndex();
    const entry = get().recordings.find((r) => r.id === id);
    const { bytes } = ctx.fetchText;
    if (!entry || !bytes || entry.bytes === undefined || entry.bytes > PAGE_FETCH_BYTES) return;
    if (entry.wire) void loadWire(entry.wire).catch(() => undefined);
    void bytes(`${ctx.base}${entry.file}`, new AbortController().signal, entry.bytes).catch(() => undefined);
  };

  const cancelLoad = (): void => {
    if (get().status.kind !== 'loading') return;
    loadToken++;
    controller?.abort();
    controller = null;
    if (get().session) set({ status: { kind: 'ready' } });
    else fail({ key: 'app.error.cancelled' });
  };

  const dispose = (): void => {
    loadToken++;
    controller?.abort();
    controller = null;
  };

  return { loadIndex, loadRecording, prefetchRecording, reopenFile, ...kept, cancelLoad, dispose };
}
