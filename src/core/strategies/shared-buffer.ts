/**
 * shared-buffer: one string per turn; every argument fragment of every call is appended to it; it is parsed once,
 * when the turn's stream ends.
 *
 * Contract: the buffer (key null) opens at the turn's first call-start or fragment and carries the first call's id
 * and name; the strategy produces at most one call (that first call's key, id and name). With one call it works;
 * with two non-empty calls the text is `{..}{..}` and the attempt fails with JSON.parse's own message. An event with
 * a call's whole args is appended only when no delta came for that call (Gemini parts, Responses args-only-in-done).
 */
import type { CallKey, FrameIndex, SignalTable } from '../types';
import { hasText, signalName, signalRef, SK } from '../wire/signal-table';
import { keyOf } from './slots';
import { defineStrategy, type StrategyContext } from './types';

interface SharedState {
  bufferId: number | null;
  first: { key: CallKey; id: string; name: string } | null;
  /** Keys that received a delta (their whole-args events are then not appended again). */
  withArgs: Set<CallKey>;
  /** Keys whose whole-args event was appended. */
  whole: Set<CallKey>;
  /** Keys that had a call-complete: another one there is another call (Gemini positions). */
  completed: Set<CallKey>;
  /** The key of the last delta (already in `withArgs`): consecutive deltas of one call skip the set. */
  lastArgsKey: CallKey | null;
}

function buffer(s: SharedState, ctx: StrategyContext, frame: FrameIndex, key: CallKey, id = '', name = ''): number {
  if (s.first === null) s.first = { key, id, name };
  else if (s.first.key === key) {
    if (!s.first.id) s.first.id = id;
    if (!s.first.name) s.first.name = name;
  }
  // opened with its call (properties added to a logged buffer later would give it a shape of its own)
  if (s.bufferId === null) s.bufferId = ctx.log.openBuffer(ctx.turn, null, frame, s.first.id || undefined, s.first.name || undefined);
  else ctx.log.setCall(s.bufferId, s.first.id || undefined, s.first.name || undefined);
  return s.bufferId;
}

/** Appends the whole args of an end or item event (signal i) when no delta and no whole args came for its call. */
function appendWhole(s: SharedState, ctx: StrategyContext, frame: FrameIndex, key: CallKey, t: SignalTable, i: number, id = '', name = ''): void {
  const b = buffer(s, ctx, frame, key, id, name);
  if (s.withArgs.has(key) || s.whole.has(key)) return;
  ctx.log.appendSignal(b, frame, t, i);
  s.whole.add(key);
}

export const sharedBuffer = defineStrategy<SharedState>({
  id: 'shared-buffer',
  appliesTo: () => true,
  init: () => ({ bufferId: null, first: null, withArgs: new Set(), whole: new Set(), completed: new Set(), lastArgsKey: null }),
  reads: ['call-start', 'args', 'call-end', 'call-complete'],
  step(s, t, i, frame, ctx) {
    switch (t.kind[i]) {
      case SK.callStart:
        buffer(s, ctx, frame, keyOf(t, i), signalRef(t, i), signalName(t, i));
        break;
      case SK.args: {
        const key = keyOf(t, i);
        if (key !== s.lastArgsKey) {
          s.withArgs.add(key);
          s.lastArgsKey = key;
        }
        // once the buffer and its first call exist, a delta changes neither (buffer() would set the same call again)
        const b = s.bufferId !== null && s.first !== null ? s.bufferId : buffer(s, ctx, frame, key);
        ctx.log.appendSignal(b, frame, t, i);
        break;
      }
      case SK.callEnd:
        if (hasText(t, i)) appendWhole(s, ctx, frame, keyOf(t, i), t, i);
        break;
      case SK.callComplete: {
        const key = keyOf(t, i);
        if (s.completed.has(key)) {
          // A second complete call at the same key (Gemini positions) is another call: its args are appended.
          ctx.log.appendSignal(buffer(s, ctx, frame, key), frame, t, i);
        } else {
          s.completed.add(key);
          appendWhole(s, ctx, frame, key, t, i, signalRef(t, i) ?? '', signalName(t, i) ?? '');
        }
        break;
      }
      default:
        break;
    }
    return s;
  },
  endTurn(s, ctx) {
    if (s.bufferId === null || ctx.endFrame === undefined || s.first === null) return;
    const text = ctx.log.textOf(s.bufferId);
    const outcome = ctx.log.attempt(ctx.endFrame, ctx.turn, s.bufferId, 0, text);
    if (!outcome.ok) return;
    const { key, id, name } = s.first;
    ctx.log.ready({ turn: ctx.turn, key, id, name, argsText: text, args: outcome.value, readyFrame: ctx.endFrame });
  },
});
