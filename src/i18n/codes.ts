// Words for the codes core returns (closed unions in src/core/types.ts, timing-types.ts and strategy-types.ts), as
// typed tables: a code added to a union without its message key here is a compile error. The UI and the CLI both word codes through these.
import type { NaReason, WireId } from '../core/types';
import type { MessageKey } from './index';

/** The message for each not-applicable reason (told in general). */
export const NA_REASON_KEYS: Record<NaReason, MessageKey> = {
  'no-frames': 'na.no-frames',
  pending: 'na.pending',
  'no-complete-items': 'na.completed-item.no-complete-items',
  'chat-only': 'na.next-index-closes.chat-only',
  'strategy-error': 'na.strategy-error',
  'no-code': 'na.no-code',
};

/** The same reasons told about the recording's own wire, where the catalog has such a sentence. */
export const NA_REASON_WIRE_KEYS: { readonly [R in NaReason]?: { readonly [W in WireId]?: MessageKey } } = {
  'no-complete-items': {
    'anthropic-messages': 'na.completed-item.no-complete-items.anthropic-messages',
    'openai-chat': 'na.completed-item.no-complete-items.openai-chat',
  },
  'chat-only': {
    'anthropic-messages': 'na.next-index-closes.chat-only.anthropic-messages',
    'openai-responses': 'na.next-index-closes.chat-only.openai-responses',
    gemini: 'na.next-index-closes.chat-only.gemini',
  },
};

/** The key that words `reason` (about `wire` when given and the catalog has it); no reason: 'na.generic'. */
export function naReasonKey(reason: NaReason | undefined, wire?: WireId): MessageKey {
  if (reason === undefined) return 'na.generic';
  return (wire !== undefined ? NA_REASON_WIRE_KEYS[reason]?.[wire] : undefined) ?? NA_REASON_KEYS[reason];
}
