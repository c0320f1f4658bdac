/**
 * Anthropic Messages (`stream: true`) -> signals (the content blocks' start, stop and whole forms: anthropic-blocks.ts).
 *
 * Contract: reads `data.type` (falling back to the SSE `event:` name when the data has no type, as NDJSON has no
 * event lines). Keys are the content block `index` as a string.
 * - message_start -> for each block already in `message.content` (programmatic tool calling sends whole tool_use
 *   blocks there, then only message_stop): tool_use -> call-complete{key: its position, id, name, args:
 *   JSON.stringify(input ?? {})}, text -> text, thinking -> reasoning, other types -> ignored 'block-start:<type>';
 *   those positions are the first block indices, as the SDK's snapshot counts them. Then `message.stop_reason` ->
 *   finish, then usage (input and output tokens of `message.usage`); nothing of these -> ignored 'message-start'.
 * - content_block_start: tool_use -> call-start{key,id,name}; server_tool_use (run by the server, not the client) and
 *   every other block type -> ignored 'block-start:<type>'. A non-empty `input` object in a tool_use start (unusual:
 *   the API sends `{}` as a placeholder) is remembered; if the block then ends without any non-empty
 *   input_json_delta, its call-end carries `args: JSON.stringify(input)` — what the SDK's snapshot would hold.
 * - content_block_delta: text_delta -> text (empty text -> ignored 'empty-text'); thinking_delta -> reasoning;
 *   input_json_delta -> args{key, text: partial_json} (the empty string too) for tool_use blocks, ignored
 *   'server-tool-input' for server_tool_use blocks; signature_delta / citations_delta -> ignored; an unknown delta
 *   type -> ignored 'unknown-event:content_block_delta/<type>'.
 * - content_block_stop -> call-end{key} for tool_use blocks, else ignored 'block-stop'.
 * - message_delta -> finish{stop_reason} when present, then usage (cumulative) when present.
 * - message_stop -> ignored 'message-stop' (the terminal event); ping -> ignored 'ping';
 *   error -> error{message, errorType}; any other type -> ignored 'unknown-event:<type>'.
 */
import type { FrameFields } from '../types';
import type { WireAdapter } from './adapter';
import type { SignalOut } from './signal-builder';
import { SK, endSignal, firstSignal, textIs } from './signal-table';
import { createHoleSet, findHole, noteParsed, rootValue, type HoleSet } from './envelope';
import { blockStart, blockStop, jsonDelta, wholeBlock, type AnthropicState } from './anthropic-blocks';
import {
  INVALID,
  INVALID_JSON,
  DONE,
  isDone,
  arr,
  NOT_AN_OBJECT,
  errorSignal,
  ignored,
  keyOf,
  malformed,
  nonEmpty,
  obj,
  parseData,
  str,
  unknownEvent,
  usage,
} from './read';

/**
 * Text and argument deltas change only their `text` / `partial_json` and the block's `index` (left open, so one
 * template serves every block); a tool_use block start its `content_block.id` and index (its name and input are
 * those of a start before it; else its whole `content_block`), a block stop only its index; other deltas have their
 * `delta` read whole. The root is the whole event.
 */
const EVENT_PATH = [] as const;
const DELTA_PARTS = [['delta', 'text'], ['delta', 'partial_json'], ['content_block', 'id'], ['content_block'], ['index'], ['delta']] as const;
const BLOCK_INDEX = ['index'] as const;

const PING = ignored('ping');
const MESSAGE_STOP = ignored('message-stop');
const MESSAGE_START = ignored('message-start');
const MESSAGE_DELTA = ignored('message-delta');
const EMPTY_TEXT = ignored('empty-text');
const SIGNATURE = ignored('signature-delta');
const CITATIONS = ignored('citations-delta');

/**
 * The envelope fast path (template-match.ts `readKnown`: a frame read through a template whose envelope says what the frame
 * says, from its hole and open index alone, without building the event), once `enableHoleMatchers()` has installed
 * it (template-match.ts: the workers, the CLI, the bench); true when it read the frame.
 */
type KnownReader = (state: AnthropicState, set: HoleSet, out: SignalOut) => boolean;
let known: KnownReader | undefined;
export function installKnownReader(f: KnownReader): void {
  known = f;
}

function blockDelta(state: AnthropicState, d: Record<string, unknown>, deltaValue: unknown, out: SignalOut): void {
  const key = keyOf(d.index);
  const delta = obj(deltaValue);
  if (key === undefined) return out.push(malformed('content_block_delta.index'));
  if (delta === undefined) return out.push(malformed('content_block_delta.delta'));
  const type = str(delta.type);
  switch (type) {
    case 'text_delta': {
      const text = str(delta.text);
      if (text === undefined) return out.push(malformed('text_delta.text'));
      return text === '' ? out.push(EMPTY_TEXT) : out.text(text);
    }
    case 'thinking_delta': {
      const text = str(delta.thinking);
      if (text === undefined) return out.push(malformed('thinking_delta.thinking'));
      return text === '' ? out.push(EMPTY_TEXT) : out.reasoning(text);
    }
    case 'input_json_delta': {
      const text = str(delta.partial_json);
      if (text === undefined) return out.push(malformed('input_json_delta.partial_json'));
      return jsonDelta(state, d.index as number, key, text, out);
    }
    case 'signature_delta':
      return out.push(SIGNATURE);
    case 'citations_delta':
      return out.push(CITATIONS);
    default:
      return out.push(unknownEvent('content_block_delta/' + (type ?? '(none)')));
  }
}

function messageStart(state: AnthropicState, message: Record<string, unknown> | undefined, out: SignalOut): void {
  if (message === undefined) return out.push(MESSAGE_START);
  const before = out.length;
  const content = arr(message.content);
  if (content !== undefined)
    for (let i = 0; i < content.length; i++) {
      const block = obj(content[i]);
      if (block === undefined) out.push(malformed(`message.content[${i}]`));
      else wholeBlock(state, i, block, out);
    }
  const reason = nonEmpty(message.stop_reason);
  if (reason !== undefined) out.push({ kind: 'finish', reason });
  const u = obj(message.usage);
  const us = u === undefined ? undefined : usage(u.input_tokens, u.output_tokens);
  if (us !== undefined) out.push(us);
  if (out.length === before) out.push(MESSAGE_START);
}

function messageDelta(d: Record<string, unknown>, deltaValue: unknown, out: SignalOut): void {
  const before = out.length;
  const reason = nonEmpty(obj(deltaValue)?.stop_reason);
  if (reason !== undefined) out.push({ kind: 'finish', reason });
  const u = obj(d.usage);
  const us = u === undefined ? undefined : usage(u.input_tokens, u.output_tokens);
  if (us !== undefined) out.push(us);
  if (out.length === before) out.push(MESSAGE_DELTA);
}

function step(state: AnthropicState, frame: FrameFields, out: SignalOut): void {
  const data = frame.data;
  // Deltas repeat their envelope ({"type":"content_block_delta","index":N,"delta":...}): parse only the delta.
  const set = state.holes;
  let delta: unknown;
  let d: Record<string, unknown> | undefined;
  if (findHole(set, data)) {
    if (known !== undefined && known(state, set, out)) return;
    d = rootValue(set) as Record<string, unknown>;
    delta = d.delta;
  } else {
    const parsed = parseData(data);
    if (parsed === INVALID) return out.push(isDone(data) ? DONE : INVALID_JSON);
    d = obj(parsed);
    if (d === undefined) return out.push(NOT_AN_OBJECT);
    noteParsed(set, d);
    delta = d.delta;
  }
  const type = str(d.type) ?? (frame.event !== 'message' ? frame.event : undefined);
  switch (type) {
    case 'content_block_delta':
      return blockDelta(state, d, delta, out);
    case 'content_block_start':
      return out.push(blockStart(state, d));
    case 'content_block_stop':
      return out.push(blockStop(state, d));
    case 'ping':
      return out.push(PING);
    case 'message_start':
      return messageStart(state, obj(d.message), out);
    case 'message_delta':
      return messageDelta(d, delta, out);
    case 'message_stop':
      return out.push(MESSAGE_STOP);
    case 'error':
      return out.push(errorSignal(d.error ?? d, 'error'));
    default:
      return out.push(unknownEvent(type));
  }
}

export type { AnthropicState } from './anthropic-blocks';

export const anthropicMessages: WireAdapter<AnthropicState> = {
  wire: 'anthropic-messages',
  init: (options, previous) => ({
    blocks: [],
    far: new Map(),
    holes: previous?.holes ?? createHoleSet(EVENT_PATH, DELTA_PARTS, options?.envelopes !== false, undefined, BLOCK_INDEX),
    lastIndex: -1,
    lastBlock: undefined,
  }),
  step,
  isTerminal: (t, f) => {
    for (let i = firstSignal(t, f), end = endSignal(t, f); i < end; i++) if (t.kind[i] === SK.ignored && textIs(t, i, 'message-stop')) return true;
    return false;
  },
};
