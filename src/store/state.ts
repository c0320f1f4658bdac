/**
 * The shape of one player's state and the options it is created with.
 *
 * Contract: types only. Everything the UI shows is here or derived from `session` at `frame`; derived arrays
 * (`times`, `turnStarts`, `markers`, `markerFrames`) are computed once per session / strategy / time mode and keep
 * their identity otherwise, so selectors stay stable.
 */
import type { AnalyzeTextResult } from '../core/session/session';
import type { CallRef, FrameIndex, Session, StrategyId } from '../core/types';
import type { TourState } from './labTour';
import type { FrameScheduler } from './clock';
import type { Marker } from './markers';
import type { PlaybackState } from './playback';
import type { RecordingEntry } from './recordings';
import type { TimeMode } from './timebase';
import type { Lang, ThemePref } from './url';


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

export type Source = { kind: 'shipped'; id: string } | { kind: 'file'; name: string };

export interface PlayerState {
  recordings: readonly RecordingEntry[];
  /** Names of files the user opened in this player (the picker's "your files"). */
  files: readonly string[];
  source: Source | null;
  session: Session | null;
  status: Status;
  /** Problems that did not stop anything (bad index entries, URL values ignored). */
  warnings: readonly Notice[];

  strategy: StrategyId;
  frame: FrameIndex;
  playback: PlaybackState;
  speed: number;
  timeMode: TimeMode;
  /** How the timeline spaces frames: one step per frame, or by recorded time (a long silence looks long). */
  scrubScale: ScrubScale;
  loop: boolean;

  lang: Lang;
  theme: ThemePref;
  compare: boolean;
  selectedCall: CallRef | null;
  hoveredCall: CallRef | null;
  /** Frames hovered in another view (a waterfall turn or band), highlighted in the panels and the timeline. */
  hoveredFrames: readonly [number, number] | null;

  times: Float64Array;
  turnStarts: Int32Array;
  markers: readonly Marker[];
  markerFrames: Int32Array;

  // -- the instructor lab (./lab.ts) ------------------------------------------------------------------------------
  /** The fault specs asked for, in order (the next analysis applies them). */
  faults: readonly string[];
  /** The faults' random seed. */
  seed: number;
  /** What the current session was analysed with. */
  applied: AppliedFaults;
  /** Why faults were left out of the last analysis (lab.error.* notices), newest last. */
  faultErrors: readonly Notice[];
  labOpen: boolean;
  matrixOpen: boolean;
  presenter: boolean;
  tour: TourState | null;
  /** A tour that could not be opened or read (lab.tour.error.* notice). */
  tourError: Notice | null;
  /** The panel a tour step points at ('raw', 'buffers', 'results', 'waterfall', 'scrubber', 'conclusion'). */
  highlight: string | null;
}

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
  theme?: ThemePref;
  compare?: boolean;
  speed?: number;
  timeMode?: TimeMode;
  scrubScale?: ScrubScale;
  loop?: boolean;
  faults?: readonly string[];
  seed?: number;
  presenter?: boolean;
  /** Where tours live, relative to the page. Default './tours/'. */
  toursBase?: string;
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
  frame: { index: FrameIndex; time: number };
  ended: { index: FrameIndex };
  error: Notice;
}

export const DEFAULT_RECORDING = 'parallel-probe';
/** The lesson opens on the naive shared buffer: the parallel probe shows it failing with {…}{…}. */
export const DEFAULT_STRATEGY: StrategyId = 'shared-buffer';
