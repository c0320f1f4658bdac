/**
 * Which wire a stream speaks, from its first events.
 *
 * Contract: looks at no more than the first `DETECT_FRAMES` frames, parses each at most once, never throws. Each
 * frame votes for at most one wire from evidence only that wire produces: Anthropic event/type names
 * (message_start, content_block_*, message_delta, message_stop); Responses `response.*` types or a
 * `sequence_number`; Chat `[DONE]`, `object: "chat.completion.chunk"` or `choices`; Gemini `candidates`,
 * `usageMetadata` or `promptFeedback`. Frames that prove nothing (ping, error, invalid JSON) do not vote. The answer
 * is the wire with the most votes when no other wire has at least half as many; otherwise, and when nothing voted,
 * null (unsure).
 */
import { frameFields } from '../sse/frame-table';
import type { FrameFields, FrameTable, WireId } from '../types';
import { INVALID, arr, obj, parseData, str } from './read';

export const DETECT_FRAMES = 24;

const ANTHROPIC_TYPES = new Set([
  'message_start',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'message_delta',
  'message_stop',
]);

function isDoneMarker(data: string): boolean {
  return data.trim() === '[DONE]';
}

/** The wire a single frame proves, or null. */
export function frameEvidence(frame: FrameFields): WireId | null {
  if (ANTHROPIC_TYPES.has(frame.event)) return 'anthropic-messages';
  if (frame.event.startsWith('response.')) return 'openai-responses';
  if (isDoneMarker(frame.data)) return 'openai-chat';
  const parsed = parseData(frame.data);
  if (parsed === INVALID) return null;
  const first = arr(parsed)?.[0] ?? parsed;
  const d = obj(first);
  if (d === undefined) return null;
  const type = str(d.type);
  if (type !== undefined) {
    if (ANTHROPIC_TYPES.has(type)) return 'anthropic-messages';
    if (type.startsWith('response.')) return 'openai-responses';
  }
  if (typeof d.sequence_number === 'number') return 'openai-responses';
  if (d.object === 'chat.completion.chunk' || arr(d.choices) !== undefined) return 'openai-chat';
  if (arr(d.candidates) !== undefined || obj(d.usageMetadata) !== undefined || obj(d.promptFeedback) !== undefined) {
    return 'gemini';
  }
  return null;
}

export function detectWire(frames: FrameTable): WireId | null {
  const votes = new Map<WireId, number>();
  const n = Math.min(frames.count, DETECT_FRAMES);
  for (let i = 0; i < n; i++) {
    const frame = frameFields(frames, i);
    const w = frameEvidence(frame);
    if (w !== null) votes.set(w, (votes.get(w) ?? 0) + 1);
  }
  let best: WireId | null = null;
  let bestVotes = 0;
  let second = 0;
  for (const [w, v] of votes) {
    if (v > bestVotes) {
      second = bestVotes;
      best = w;
      bestVotes = v;
    } else if (v > second) second = v;
  }
  return best !== null && second * 2 < bestVotes ? best : null;
}
