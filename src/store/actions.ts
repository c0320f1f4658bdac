// The shape of one player's actions and of the store handle (types only; ./player.ts implements them).
import type { Emitter } from './emitter';
import type { LabActions, LabView } from './labState';
import type { LoadOptions, RecordingSource } from './loader';
import type { PlaybackActions } from './playerPlayback';
import type { HoverActions, PrefsActions } from './playerView';
import type { ReadonlyStore } from './slices';
import type { Notice, PlayerEvents, PlayerState } from './state';
import type { StrategyRun } from '../core/types';

export interface LoadActions {
  loadIndex(): Promise<void>;
  loadRecording(source: RecordingSource, options?: LoadOptions): Promise<void>;
  /** Asks for a small shipped recording's body and wire code before loading it (network only: see ./loader.ts). */
  prefetchRecording(id: string): Promise<void>;
  /** Reloads a file the user opened earlier in this player (kept in memory, per store). */
  reopenFile(name: string): Promise<void>;
  /** Forgets a file kept in the browser (IndexedDB): gone from storage and from the picker's "Your files". */
  forgetFile(name: string): Promise<void>;
  /** Empties the browser's store of kept files (offered when it is damaged or was written by a newer build). */
  resetFileStore(): Promise<void>;
  cancelLoad(): void;
  warn(notice: Notice): void;
  /** Puts the learner's run (exercise mode, id 'yours') into the shown session, in place of the one it had. */
  setLearnerRun(run: StrategyRun): void;
}

/** Every action of a player: its slices' and the lab's (which load the lab's store on first use). */
export interface PlayerActions extends LoadActions, PlaybackActions, PrefsActions, HoverActions, LabActions {}

/** One player: its state read-only, its actions, its lab and its events. Nothing outside the store writes state. */
export interface PlayerStore extends ReadonlyStore<PlayerState> {
  actions: PlayerActions;
  /** The lab's state (faults, tours, presenter, matrix), read-only; its store is loaded with the lab's first use. */
  lab: LabView;
  /** Where this player's index.json and recordings live, ending in '/' (the strategy matrix fetches from it too). */
  readonly recordingsBase: string;
  on: Emitter<PlayerEvents>['on'];
  dispose(): void;
}
