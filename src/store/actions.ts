// The shape of one player's actions and of the store handle (types only; ./player.ts implements them).
import type { StoreApi } from 'zustand/vanilla';
import type { StrategyId } from '../core/types';
import type { Emitter } from './emitter';
import type { LabActions } from './lab';
import type { LoadOptions } from './loader';
import type { CallRef } from '../core/types';
import type { Notice, PlayerEvents, PlayerState, ScrubScale } from './state';
import type { TimeMode } from './timebase';
import type { Lang, ThemePref } from './url';

export interface PlayerActions extends LabActions {
  loadIndex(): Promise<void>;
  loadRecording(source: string | { input: string | Uint8Array; name: string }, options?: LoadOptions): Promise<void>;
  /** Reloads a file the user opened earlier in this player (kept in memory, per store). */
  reopenFile(name: string): Promise<void>;
  /** Forgets a file kept in the browser (IndexedDB): gone from storage and from the picker's "Your files". */
  forgetFile(name: string): Promise<void>;
  cancelLoad(): void;
  seek(frame: number): void;
  step(delta: number): void;
  stepTurn(delta: number): void;
  nextMarker(): void;
  prevMarker(): void;
  /** Jumps to a fraction (0..1) of the frames: the digit keys 0-9 jump to 0-90 %. */
  jumpTo(fraction: number): void;
  play(): void;
  pause(): void;
  toggle(): void;
  setSpeed(speed: number): void;
  setTimeMode(mode: TimeMode): void;
  /** The timeline's spacing: one step per frame, or proportional to recorded time. */
  setScrubScale(scale: ScrubScale): void;
  setLoop(loop: boolean): void;
  setStrategy(id: StrategyId): void;
  setLang(lang: Lang): void;
  setTheme(theme: ThemePref): void;
  setCompare(compare: boolean): void;
  selectCall(call: CallRef | null): void;
  hoverCall(call: CallRef | null): void;
  hoverFrames(range: readonly [number, number] | null): void;
  warn(notice: Notice): void;
}

export interface PlayerStore extends StoreApi<PlayerState> {
  actions: PlayerActions;
  /** Where this player's index.json and recordings live, ending in '/' (the strategy matrix fetches from it too). */
  readonly recordingsBase: string;
  on: Emitter<PlayerEvents>['on'];
  dispose(): void;
}
