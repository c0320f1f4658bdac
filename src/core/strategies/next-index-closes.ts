/**
 * next-index-closes: the OpenAI Node SDK's ChatCompletionStream heuristic. Calls are buffered by Chat
 * `tool_calls[].index`; the current call is declared complete (parsed, ready) as soon as a DIFFERENT index shows
 * up, or at `finish_reason`, or at the stream end.
 *
 * Contract: applies to openai-chat only ('chat-only' elsewhere). On interleaved calls
 * (openai-ruby#638) it fails visibly: the call closed early is parsed with half its arguments (a failed attempt),
 * and fragments that arrive for it afterwards go to a NEW buffer for the same key, with the same id and name, which
 * is parsed in turn when it is closed — typically another failure, or an extra call if the tail parses alone.
 * A reused index behaves as in per-call-buffer (same buffer, names appended). Its closes are often early, so each
 * parse is preceded by the fail-fast scan (slots.ts `closeAndParse`).
 */
import type { CallKey, FrameIndex } from '../types';
import { signalName, signalRef, SK } from '../wire/signal-table';
import { appendArgs, closeAllOpen, closeAndParse, keyOf, newSlots, openSlot, startIndexKeyed, type Slot, type Slots } from './slots';
import { defineStrategy, type StrategyContext } from './types';

interface NextIndexState {
  slots: Slots;
  /** The current call's slot (a key keeps its slot object: a closed one is reused when the key opens again). */
  current: Slot | null;
}

/** Switches the current call to `key`, closing the previous one; reopens a closed key as a new buffer. */
function focus(s: NextIndexState, ctx: StrategyContext, key: CallKey, frame: FrameIndex): Slot | undefined {
  const prev = s.current;
  if (prev !== null && prev.key !== key) closeAndParse(prev, ctx, frame, false);
  const slot = prev?.key === key ? prev : s.slots.byKey.get(key);
  return slot?.closed ? openSlot(s.slots, ctx, key, frame, slot.id, slot.name) : slot;
}

export const nextIndexCloses = defineStrategy<NextIndexState>({
  id: 'next-index-closes',
  appliesTo: (wire) => (wire === 'openai-chat' ? true : 'chat-only'),
  init: () => ({ slots: newSlots(), current: null }),
  reads: ['call-start', 'args', 'finish'],
  step(s, t, i, frame, ctx) {
    switch (t.kind[i]) {
      case SK.callStart: {
        const key = keyOf(t, i);
        focus(s, ctx, key, frame);
        s.current = startIndexKeyed(s.slots, ctx, key, frame, signalRef(t, i), signalName(t, i));
        break;
      }
      case SK.args: {
        const key = keyOf(t, i);
        const slot = focus(s, ctx, key, frame) ?? openSlot(s.slots, ctx, key, frame);
        appendArgs(slot, ctx, frame, t, i);
        s.current = slot;
        break;
      }
      case SK.finish:
        closeAllOpen(s.slots, ctx, frame, false);
        s.current = null;
        break;
      default:
        break;
    }
    return s;
  },
  endTurn(s, ctx) {
    if (ctx.endFrame !== undefined) closeAllOpen(s.slots, ctx, ctx.endFrame, false);
  },
});
