/**
 * parse-each-fragment: JSON.parse every argument fragment by itself as it arrives; the first success is the call.
 *
 * Contract: each call key has a display buffer holding its fragments; every fragment of a call that is not yet
 * taken is parsed alone (the attempt's input is that fragment's range in the buffer). The first success makes the
 * call ready at that frame; later fragments of a taken call are kept but no longer parsed. An event with a call's
 * whole args (call-end with args, call-complete) is parsed as one fragment only when no delta came for the call:
 * on Responses the deltas are what this strategy parses, on Gemini the complete part is the only fragment.
 * Calls are keyed by index like the naive clients this models: a reused index (another id on an open key) stays
 * in the same slot, so once the first call was taken the second call's fragments are never parsed (missing call).
 */
import type { FrameIndex, SignalTable } from '../types';
import { hasText, signalName, signalRef, signalText, SK } from '../wire/signal-table';
import { appendArgs, keyOf, newSlots, slotFor, slotForComplete, startIndexKeyed, type Slot, type Slots } from './slots';
import { defineStrategy, type StrategyContext } from './types';

/** Appends signal i's text to the slot's buffer and, while the call is not taken, parses it alone. */
function parseFragment(slot: Slot, ctx: StrategyContext, frame: FrameIndex, t: SignalTable, i: number): void {
  const start = appendArgs(slot, ctx, frame, t, i);
  if (slot.ready) return;
  const text = signalText(t, i);
  const outcome = ctx.log.attempt(frame, ctx.turn, slot.bufferId, start, text);
  if (!outcome.ok) return;
  slot.ready = true;
  ctx.log.ready({ turn: ctx.turn, key: slot.key, id: slot.id, name: slot.name, argsText: text, args: outcome.value, readyFrame: frame });
}

export const parseEachFragment = defineStrategy<Slots>({
  id: 'parse-each-fragment',
  appliesTo: () => true,
  init: newSlots,
  reads: ['call-start', 'args', 'call-end', 'call-complete'],
  step(slots, t, i, frame, ctx) {
    switch (t.kind[i]) {
      case SK.callStart:
        startIndexKeyed(slots, ctx, keyOf(t, i), frame, signalRef(t, i), signalName(t, i));
        break;
      case SK.args:
        parseFragment(slotFor(slots, ctx, keyOf(t, i), frame), ctx, frame, t, i);
        break;
      case SK.callEnd: {
        const slot = slotFor(slots, ctx, keyOf(t, i), frame);
        if (hasText(t, i) && !slot.sawArgs) parseFragment(slot, ctx, frame, t, i);
        break;
      }
      case SK.callComplete: {
        const slot = slotForComplete(slots, ctx, keyOf(t, i), frame, signalRef(t, i) ?? '', signalName(t, i) ?? '');
        if (slot && !slot.sawArgs) parseFragment(slot, ctx, frame, t, i);
        break;
      }
      default:
        break;
    }
    return slots;
  },
  endTurn: () => undefined,
});
