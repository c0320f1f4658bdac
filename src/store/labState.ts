/**
 * The instructor lab's state and actions, as types and defaults only: the lab's code (./lab.ts, ./labStore.ts)
 * is loaded with its first use, so the first page does not carry it.
 *
 * Contract: types and one constant. `LAB_DEFAULTS` is what the lab's state is before its store exists (no faults,
 * seed 1, nothing open); a player's `lab` view reads it until then, so the UI reads the lab the same way before
 * and after it is loaded.
 */
import type { FrameIndex, StrategyId } from '../core/types';
import type { TourState } from './labTour';
import type { ReadonlyStore } from './slices';
import type { AppliedFaults, Notice } from './state';
import { NO_FAULTS } from './state';

export interface LabState {
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

export const LAB_DEFAULTS: Readonly<LabState> = Object.freeze({
  faults: [],
  seed: 1,
  applied: NO_FAULTS,
  faultErrors: [],
  labOpen: false,
  matrixOpen: false,
  presenter: false,
  tour: null,
  tourError: null,
  highlight: null,
});

export interface LabActions {
  /** Applies these fault specs (in order, with this seed when given) to the current recording and every later load. */
  setFaults(faults: readonly string[], seed?: number): Promise<void>;
  setSeed(seed: number): Promise<void>;
  setLabOpen(open: boolean): void;
  setMatrixOpen(open: boolean): void;
  setPresenter(on: boolean): void;
  /** Loads ./tours/<id>.json and goes to its first step. */
  openTour(id: string): Promise<void>;
  closeTour(): void;
  /** Goes to step `index` of the open tour (clamped): sets recording, strategy, faults, frame and highlight. */
  tourStep(index: number): Promise<void>;
  /** Records the learner's prediction (a choice index) for the current step. */
  tourChoose(choice: number): void;
  /** Shows the answer of the current step's prediction and seeks to its reveal frame. */
  tourReveal(): void;
  /** Opens a shipped recording with a strategy and these faults (default none) at a frame (the matrix's cells). */
  openCell(rec: string, strategy: StrategyId, frame: FrameIndex, faults?: readonly string[]): Promise<void>;
}

/** The lab as a player exposes it: its state (LAB_DEFAULTS until the lab's store is loaded) and `load()`. */
export interface LabView extends ReadonlyStore<LabState> {
  /** True once the lab's store exists. */
  readonly loaded: boolean;
  /** Loads the lab's code and creates its store (once); later calls return the same promise. */
  load(): Promise<void>;
}
