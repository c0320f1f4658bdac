// Test helper: appends a string to a run log as a signal's text (a one-signal table of its own).
import type { RunLog } from '../../../src/core/strategies/run-log';
import type { FrameIndex, SignalTable } from '../../../src/core/types';

export function appendText(log: RunLog, bufferId: number, frame: FrameIndex, text: string): number {
  const t = { pieces: [text], piece: Uint32Array.of(0), textStart: Uint32Array.of(0), textEnd: Uint32Array.of(text.length) } as unknown as SignalTable;
  return log.appendSignal(bufferId, frame, t, 0);
}
