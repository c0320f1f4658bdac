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

/**
 * One signal's part of a preview: the app's own words (`label`: a field name) and, apart from them, what the
 * stream carried (`value`: quoted text, a name, a reason), so a renderer can isolate the recorded part (<bdi>) and
 * a right-to-left override inside it cannot reorder the words around it.
 */
export interface PreviewPiece {
  label: string;
  value?: string;
}

const piece = (label: string, value?: string): PreviewPiece => (value === undefined || value === '' ? { label } : { label, value });

function signalPayload(wire: WireId, s: Signal): PreviewPiece | null {
  const field = FIELD[wire];
  switch (s.kind) {
    case 'text':
      return piece(field.text, quote(s.text));
    case 'reasoning':
      return piece(field.reasoning, quote(s.text));
    case 'args':
      return piece(field.args, quote(s.text));
    case 'call-start':
      // the name says what is starting; the id (long, random) is in the frame's detail
      return piece('call', s.name || s.id);
    case 'call-end':
      return s.args !== undefined ? piece('end', quote(s.args)) : piece(`end #${s.key}`);
    case 'call-complete':
      return piece('call', `${s.name} ${quote(s.args)}`);
    case 'finish':
      return piece(field.finish, s.reason);
    case 'usage':
      return piece(['usage', s.inputTokens !== undefined ? `in=${s.inputTokens}` : '', s.outputTokens !== undefined ? `out=${s.outputTokens}` : ''].filter(Boolean).join(' '));
    case 'error':
      return piece(s.errorType ? `error ${s.errorType}` : 'error', quote(s.message));
    default:
      return null;
  }
}

const oneLine = (text: string): string => text.replace(/\r\n|\r|\n/g, '⏎');

/**
 * The row's preview as pieces: its signals' payloads (at most about `max` characters in all, the last one cut with
 * an ellipsis), else the data's first line as one recorded value.
 */
export function payloadPieces(wire: WireId, signals: readonly Signal[] | undefined, data: string, max = 96): PreviewPiece[] {
  const out: PreviewPiece[] = [];
  let length = 0;
  for (const s of signals ?? []) {
    const p = signalPayload(wire, s);
    if (p === null) continue;
    const value = p.value === undefined ? undefined : oneLine(p.value);
    const size = p.label.length + (value === undefined ? 0 : value.length + 1) + (out.length > 0 ? 3 : 0);
    if (length + size > max && value !== undefined) {
      const room = Math.max(0, max - length - p.label.length - 1);
      out.push({ label: p.label, value: `${value.slice(0, room)}…` });
      return out;
    }
    out.push(value === undefined ? { label: p.label } : { label: p.label, value });
    length += size;
    if (length > max) return out;
  }
  return out.length > 0 ? out : [{ label: '', value: dataPreview(data, max) }];
}

/** The preview as one line of text (the row's tooltip; tests); `value` wraps each recorded value (the tooltip isolates them). */
export const previewText = (pieces: readonly PreviewPiece[], value: (text: string) => string = (text) => text): string =>
  pieces.map((p) => (p.value === undefined ? p.label : p.label ? `${p.label} ${value(p.value)}` : value(p.value))).join(' · ');

export function payloadPreview(wire: WireId, signals: readonly Signal[] | undefined, data: string, max = 96): string {
  return previewText(payloadPieces(wire, signals, data, max));
}
