/**
 * What a raw row carries, at a glance: the payload of the frame's signals named by the wire's own field
 * (`partial_json "{\"path\": \"src/"`, `content " again."`, `finish_reason tool_calls`) instead of the first
 * characters of the envelope (`{"id":"chatcmpl...`).
 *
 * Contract: pure; O(preview length) per call (text is cut before it is quoted, never the whole buffer); a frame
 * whose signals say nothing worth showing (ignored events, pings, [DONE]) falls back to the data's first line.
 */
import type { Signal, WireId } from '../../../core/types';
import { dataPreview } from './rows';

type Field = 'text' | 'reasoning' | 'args' | 'finish';

/** Each wire's own name for the field a signal comes from. */
const FIELD: Record<WireId, Record<Field, string>> = {
  'anthropic-messages': { text: 'text', reasoning: 'thinking', args: 'partial_json', finish: 'stop_reason' },
  'openai-chat': { text: 'content', reasoning: 'reasoning', args: 'arguments', finish: 'finish_reason' },
  'openai-responses': { text: 'delta', reasoning: 'delta', args: 'delta', finish: 'status' },
  gemini: { text: 'text', reasoning: 'thought', args: 'args', finish: 'finishReason' },
};

const QUOTE_MAX = 48;

/** A JSON-quoted excerpt: at most QUOTE_MAX characters of the text, cut before quoting. */
function quote(text: string): string {
  return text.length > QUOTE_MAX ? `${JSON.stringify(text.slice(0, QUOTE_MAX))}…` : JSON.stringify(text);
}

function signalPayload(wire: WireId, s: Signal): string | null {
  const field = FIELD[wire];
  switch (s.kind) {
    case 'text':
      return `${field.text} ${quote(s.text)}`;
    case 'reasoning':
      return `${field.reasoning} ${quote(s.text)}`;
    case 'args':
      return `${field.args} ${quote(s.text)}`;
    case 'call-start':
      // the name says what is starting; the id (long, random) is in the frame's detail
      return s.name ? `call ${s.name}` : s.id ? `call ${s.id}` : 'call';
    case 'call-end':
      return s.args !== undefined ? `end ${quote(s.args)}` : `end #${s.key}`;
    case 'call-complete':
      return `call ${s.name} ${quote(s.args)}`;
    case 'finish':
      return `${field.finish} ${s.reason}`;
    case 'usage':
      return ['usage', s.inputTokens !== undefined ? `in=${s.inputTokens}` : '', s.outputTokens !== undefined ? `out=${s.outputTokens}` : '']
        .filter(Boolean)
        .join(' ');
    case 'error':
      return ['error', s.errorType ?? '', quote(s.message)].filter(Boolean).join(' ');
    default:
      return null;
  }
}

/** The row's preview: its signals' payloads joined with ' · ', else the data's first line. */
export function payloadPreview(wire: WireId, signals: readonly Signal[] | undefined, data: string, max = 96): string {
  const parts: string[] = [];
  let length = 0;
  for (const s of signals ?? []) {
    const p = signalPayload(wire, s);
    if (p === null || p === '') continue;
    parts.push(p);
    length += p.length + 3;
    if (length > max) break;
  }
  if (parts.length === 0) return dataPreview(data, max);
  const joined = parts.join(' · ').replace(/\r\n|\r|\n/g, '⏎');
  return joined.length > max ? `${joined.slice(0, max)}…` : joined;
}
