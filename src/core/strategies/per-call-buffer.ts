/**
 * per-call-buffer: one buffer per call key; parse it once, at that call's end signal.
 *
 * Contract (end signals): Anthropic `content_block_stop` (call-end); Responses `function_call_arguments.done`
 * (call-end) or `output_item.done` (call-complete), whichever comes first; Chat and Gemini: `finish_reason` (the
 * finish signal) or, failing that, the stream end. On Anthropic and Responses a call whose end never came is never
 * parsed (a cut stream: the call is missing). The BUFFER is parsed, not the end event's args; when the event
 * carries args that differ from the buffer, a note `end-args-differ` is logged. Events carrying whole args count
 * as the call's one fragment when no delta came (see slots.ts). Reused index: same buffer, names appended.
 */
import type { FrameIndex, SignalKind, SignalTable } from '../types';
import { hasText, signalName, signalRef, signalText, SK } from '../wire/signal-table';
import {
  appendArgs,
  appendWholeIfNoArgs,
  closeAllOpen,
  closeAndParse,
  endsAtFinish,
  keyOf,
  newSlots,
  openSlot,
  slotFor,
  slotForComplete,
  startIndexKeyed,
  type Slot,
  type Slots,
} from './slots';
import { defineStrategy, type EndContext, type StrategyContext } from './types';

/** The fold step shared with partial-json-preview (which only adds previews computed on demand). */
/** The kinds perCallStep acts on. */
export const PER_CALL_READS: readonly SignalKind[] = ['call-start', 'args', 'call-end', 'call-complete', 'finish'];

export function perCallStep(slots: Slots, t: SignalTable, i: number, frame: FrameIndex, ctx: StrategyContext): Slots {
  switch (t.kind[i]) {
    case SK.callStart:
      startIndexKeyed(slots, ctx, keyOf(t, i), frame, signalRef(t, i), signalName(t, i));
      break;
    case SK.args:
      appendArgs(slotFor(slots, ctx, keyOf(t, i), frame), ctx, frame, t, i);
      break;
    case SK.callEnd: {
      const key = keyOf(t, i);
      const slot = slots.byKey.get(key);
      if (slot?.closed) break; // already ended (e.g. by output_item.done)
      const open = slot ?? openSlot(slots, ctx, key, frame);
      if (hasText(t, i)) endWithArgs(open, t, i, frame, ctx);
      closeAndParse(open, ctx, frame);
      break;
    }
    case SK.callComplete: {
      const open = slotForComplete(slots, ctx, keyOf(t, i), frame, signalRef(t, i) ?? '', signalName(t, i) ?? '');
      if (!open) break; // the same call's later item event
      endWithArgs(open, t, i, frame, ctx);
      // Gemini parts are complete calls, but the wire's end signal for a call is finish (src/core/README.md, "Strategies").
      if (ctx.wire !== 'gemini') closeAndParse(open, ctx, frame);
      break;
    }
    case SK.finish:
      if (endsAtFinish(ctx.wire)) closeAllOpen(slots, ctx, frame);
      break;
    default:
      break;
  }
  return slots;
}

/** An end event's whole args (signal i): the call's one fragment when none came, else compared with the buffer. */
function endWithArgs(slot: Slot, t: SignalTable, i: number, frame: FrameIndex, ctx: StrategyContext): void {
  if (appendWholeIfNoArgs(slot, ctx, frame, t, i)) return;
  const args = signalText(t, i);
  if (args !== ctx.log.textOf(slot.bufferId)) {
    ctx.log.note({ turn: ctx.turn, key: slot.key, frame, code: 'end-args-differ', detail: args });
  }
}

export function perCallEnd(slots: Slots, ctx: EndContext): void {
  if (ctx.endFrame !== undefined && endsAtFinish(ctx.wire)) closeAllOpen(slots, ctx, ctx.endFrame);
}

export const perCallBuffer = defineStrategy<Slots>({
  id: 'per-call-buffer',
  appliesTo: () => true,
  init: newSlots,
  reads: PER_CALL_READS,
  step: perCallStep,
  endTurn: perCallEnd,
});
