/**
 * The shape of one player's state and the options it is created with.
 *
 * Contract: types only. Everything the UI shows is here or derived from `session` at `frame`; derived arrays
 * (`times`, `turnStarts`, `markers`, `markerFrames`) are computed once per session / strategy / time mode and keep
 * their identity otherwise, so selectors stay stable.
 */
import type { AnalyzeTextResult } from '../core/session/session';
import type { BuiltinStrategyId, CallRef, FrameIndex, Ms, Session, StrategyId } from '../core/types';
import type { FrameScheduler } from './clock';
import type { Marker } from './markers';
import type { PlaybackState } from './playback';
import type { RecordingEntry } from './recordings';
import type { TimeMode } from './timebase';
import type { CodeLang, Lang, ThemePref } from './url';


/** A message for the user: a catalog key and its parameters (the UI translates it). */
export interface Notice {
  key: string;
  params?: Record<string, string | number>;
}

export type Status =
  | { kind: 'idle' }
  | { kind: 'loading'; name: string; progress: number | null }
  | { kind: 'ready' }
  | { kind: 'error'; notice: Notice };

/** What is shown: a recording of the index (by id), a file the reader opened, or a URL the page gave (`src`). */
export type Source = { kind: 'shipped'; id: string } | { kind: 'file'; name: string } | { kind: 'url'; url: string; name: string };

/** What is loaded, and how loading went: written only by the loader (./loader.ts). */
export interface LoadState {
  recordings: readonly RecordingEntry[];
  /** Names of files the user opened in this player (the picker's "your files"). */
  files: readonly string[];
  source: Source | null;
  session: Session | null;
  status: Status;
  /** Problems that did not stop anything (bad index entries, URL values ignored). */
  warnings: readonly Notice[];
}

/** Where the player is and how it plays: written only by the playback slice (./playerPlayback.ts). */
export interface PlaybackSliceState {
  strategy: StrategyId;
  frame: FrameIndex;
  playback: PlaybackState;
  speed: number;
  timeMode: TimeMode;
  /** How the timeline spaces frames: one step per frame, or by recorded time (a long silence looks long). */
  scrubScale: ScrubScale;
  loop: boolean;
  times: Float64Array;
  turnStarts: Int32Array;
  markers: readonly Marker[];
  markerFrames: Int32Array;
}

/** The reader's preferences: written only by the preferences slice (./playerView.ts). */
export interface PrefsState {
  lang: Lang;
  theme: ThemePref;
  compare: boolean;
  /** The strategy code view's language, or null when the view is closed. */
  code: CodeLang | null;
  /**
   * A language this player was asked to show (a switch, or its first language) whose strings could not be fetched,
   * while it stays in `lang`; null when there is none. Asking for that language again (a retry) or for the one shown
   * clears it; a retry that fails sets it again.
   */
  langFailed: LangFailure | null;
}

/** A language whose strings did not arrive, and the first line of the error (what the reader is told). */
export interface LangFailure {
  lang: Lang;
  message: string;
}

/** What the pointer is on and what is selected: written only by the hover slice (./playerView.ts). */
export interface HoverState {
  selectedCall: CallRef | null;
  hoveredCall: CallRef | null;
  /** Frames hovered in another view (a waterfall turn or band), highlighted in the panels and the timeline. */
  hoveredFrames: readonly [FrameIndex, FrameIndex] | null;
}

/** One player's state: the union of its slices (./slices.ts). The lab and tours live in a store of their own
 * (./labState.ts), loaded with the first use of the lab. */
export interface PlayerState extends LoadState, PlaybackSliceState, PrefsState, HoverState {}

export type ScrubScale = 'frames' | 'time';

export interface AppliedFaults {
  faults: readonly string[];
  seed: number;
  /** Positions in `faults` of those that changed nothing. */
  noEffect: readonly number[];
}

export const NO_FAULTS: AppliedFaults = { faults: [], seed: 1, noEffect: [] };

export interface AnalyzeHooks {
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
  /** Fault specs to apply after loading, in order, and their seed (absent: none). */
  faults?: readonly string[];
  seed?: number;
}

/** Turns a file's content into a Session (inline for small files, in a Web Worker for large ones). */
export type Analyzer = (input: string | Uint8Array, name: string, hooks: AnalyzeHooks) => Promise<AnalyzeTextResult>;

export interface PlayerOptions {
  analyze: Analyzer;
  /** Fetches a text file; defaults to fetch(). */
  fetchText?: (url: string, signal: AbortSignal) => Promise<string>;
  /** Where index.json and the recordings live, relative to the page. Default './recordings/'. */
  recordingsBase?: string;
  /** Where opened files are kept across reloads (IndexedDB in the app); none: only for this page's life. */
  fileStore?: FileStore;
  scheduler?: FrameScheduler;
  strategy?: StrategyId;
  lang?: Lang;
  /**
   * Makes a language's strings ready (the app: fetches its catalog). Given, `setLang` keeps the current language
   * until it resolves, so a switch never shows a half-loaded language; it rejects: the language stays as it was and
   * `langFailed` names it. The player asks for its first language with it too (the page awaits the same fetch
   * before it first renders), so a first language that failed is named as well. Not given, `setLang` switches at
   * once (Node, tests: every language is registered).
   */
  prepareLang?: (lang: Lang) => Promise<void>;
  theme?: ThemePref;
  compare?: boolean;
  code?: CodeLang | null;
  speed?: number;
  timeMode?: TimeMode;
  scrubScale?: ScrubScale;
  loop?: boolean;
  /** Lab settings to start with: given, the lab's store is loaded as the player is created. */
  faults?: readonly string[];
  seed?: number;
  presenter?: boolean;
  /** Where tours live, relative to the page. Default './tours/'. */
  toursBase?: string;
  /** Imports the lab's store (default: its lazily loaded chunk); tests inject a failing one. */
  importLab?: () => Promise<Pick<typeof import('./labStore'), 'createLabStore'>>;
}

/** Keeps the user's opened files in the browser (never uploaded). Every method may fail; the player then warns. */
export interface FileStore {
  list(): Promise<string[]>;
  get(name: string): Promise<string | Uint8Array | undefined>;
  put(name: string, input: string | Uint8Array): Promise<void>;
  remove(name: string): Promise<void>;
}

export interface PlayerEvents extends Record<string, unknown> {
  ready: { session: Session; source: Source };
  frame: { index: FrameIndex; time: Ms };
  ended: { index: FrameIndex };
  error: Notice;
}

export const DEFAULT_RECORDING = 'parallel-probe';
/** The lesson opens on the naive shared buffer: the parallel probe shows it failing with {…}{…}. */
export const DEFAULT_STRATEGY: BuiltinStrategyId = 'shared-buffer';
