// Test-only oracle: the wire adapters as they were before the signal table (one `Signal[]` per frame), kept to
// check that the table-writing adapters give the same signals (test/core/wire/signal-table.test.ts).
import type { FrameFields, Signal, WireId } from '../../../../src/core/types';

export interface AdaptOptions {
  envelopes?: boolean;
}

export interface WireAdapter<S> {
  wire: WireId;
  init(options?: AdaptOptions): S;
  step(state: S, frame: FrameFields): Signal[];
  isTerminal(signals: readonly Signal[]): boolean;
}
