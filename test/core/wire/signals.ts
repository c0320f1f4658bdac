// Test-only builders for exact expected signals.
import type { FrameTable, Signal, WireId } from '../../../src/core/types';
import { adaptFrames, signalLists, type AdaptOptions } from '../../../src/core/wire';

export const T = (text: string): Signal => ({ kind: 'text', text });
export const R = (text: string): Signal => ({ kind: 'reasoning', text });
export const CS = (key: string, id?: string, name?: string): Signal => ({
  kind: 'call-start',
  key,
  ...(id !== undefined && { id }),
  ...(name !== undefined && { name }),
});
export const A = (key: string, text: string): Signal => ({ kind: 'args', key, text });
export const CE = (key: string, args?: string): Signal => (args === undefined ? { kind: 'call-end', key } : { kind: 'call-end', key, args });
export const CC = (key: string, id: string, name: string, args: string): Signal => ({ kind: 'call-complete', key, id, name, args });
export const F = (reason: string): Signal => ({ kind: 'finish', reason });
export const U = (inputTokens?: number, outputTokens?: number): Signal => ({
  kind: 'usage',
  ...(inputTokens !== undefined && { inputTokens }),
  ...(outputTokens !== undefined && { outputTokens }),
});
export const E = (message: string, errorType?: string): Signal =>
  errorType === undefined ? { kind: 'error', message } : { kind: 'error', message, errorType };
export const I = (why: string): Signal => ({ kind: 'ignored', why });

/** The adapters' signals as one `Signal[]` per frame (the table read back with `signalLists`). */
export const adaptLists = (wire: WireId, frames: FrameTable, options?: AdaptOptions): Signal[][] => signalLists(adaptFrames(wire, frames, options));
