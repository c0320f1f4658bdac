/**
 * completed-item: Codex's way. Ignore argument fragments; take calls only from events that carry a complete call
 * (Responses `output_item.done`, Gemini `functionCall` parts), each parsed once, ready at that event's frame.
 *
 * Contract: not applicable on anthropic-messages and openai-chat, which have no complete-call events
 * (reason 'no-complete-items'). Each complete item gets a buffer holding its args as one
 * fragment, so the buffers panel shows what was parsed.
 */
import { signalName, signalRef, signalText, SK } from '../wire/signal-table';
import { keyOf } from './slots';
import { defineStrategy } from './types';

export const completedItem = defineStrategy<null>({
  id: 'completed-item',
  appliesTo: (wire) =>
    wire === 'openai-responses' || wire === 'gemini' ? true : 'no-complete-items',
  init: () => null,
  reads: ['call-complete'],
  step(state, t, i, frame, ctx) {
    if (t.kind[i] !== SK.callComplete) return state;
    const key = keyOf(t, i);
    const id = signalRef(t, i) ?? '';
    const name = signalName(t, i) ?? '';
    const args = signalText(t, i);
    const bufferId = ctx.log.openBuffer(ctx.turn, key, frame, id || undefined, name || undefined);
    const start = ctx.log.appendSignal(bufferId, frame, t, i);
    const outcome = ctx.log.attempt(frame, ctx.turn, bufferId, start, args);
    if (outcome.ok) ctx.log.ready({ turn: ctx.turn, key, id, name, argsText: args, args: outcome.value, readyFrame: frame });
    return state;
  },
  endTurn: () => undefined,
});
