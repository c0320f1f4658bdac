/**
 * Anthropic Messages (`stream: true`) -> signals.
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
import { stringifyDeep } from '../../../../src/core/wire/safe-json';
import type { FrameFields, Signal } from '../../../../src/core/types';
import type { WireAdapter } from './adapter';
import { createHoleSet, findHole, rootValue, type HoleSet, type Template } from '../../../../src/core/wire/envelope';
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
} from '../../../../src/core/wire/read';
import { usage } from './usage';

type BlockKind = 'tool' | 'server-tool' | 'other';
interface Block {
  kind: BlockKind;
  /** JSON of a non-empty `input` given in the start block. */
  startInput?: string;
  sawArgs: boolean;
}
export interface AnthropicState {
  blocks: Map<string, Block>;
  holes: HoleSet;
  /** The block `jsonDelta` looked up last, by key (a block's deltas come in a row); cleared when `blocks` changes. */
  lastKey: string | undefined;
  lastBlock: Block | undefined;
}

function setBlock(state: AnthropicState, key: string, block: Block): void {
  state.blocks.set(key, block);
  state.lastKey = undefined;
}

/**
 * Text and argument deltas change only their `text` / `partial_json` and the block's `index` (left open, so one
 * template serves every block); a block start only its `content_block` and index, a block stop only its index;
 * other deltas have their `delta` read whole. The root is the whole event.
 */
const EVENT_PATH = [] as const;
const DELTA_PARTS = [['delta', 'text'], ['delta', 'partial_json'], ['content_block'], ['index'], ['delta']] as const;
const BLOCK_INDEX = ['index'] as const;

const PING = ignored('ping');
const MESSAGE_STOP = ignored('message-stop');
const MESSAGE_START = ignored('message-start');
const MESSAGE_DELTA = ignored('message-delta');
const BLOCK_STOP = ignored('block-stop');
const EMPTY_TEXT = ignored('empty-text');
const SIGNATURE = ignored('signature-delta');
const CITATIONS = ignored('citations-delta');
const SERVER_TOOL_INPUT = ignored('server-tool-input');

function blockStart(state: AnthropicState, d: Record<string, unknown>): Signal[] {
  const key = keyOf(d.index);
  const block = obj(d.content_block);
  if (key === undefined) return [malformed('content_block_start.index')];
  if (block === undefined) return [malformed('content_block_start.content_block')];
  const type = str(block.type) ?? '(none)';
  if (type !== 'tool_use') {
    setBlock(state, key, { kind: type === 'server_tool_use' ? 'server-tool' : 'other', sawArgs: false });
    return [ignored('block-start:' + type)];
  }
  const entry: Block = { kind: 'tool', sawArgs: false };
  const input = obj(block.input);
  if (input !== undefined) {
    for (const _ in input) {
      entry.startInput = stringifyDeep(input);
      break;
    }
  }
  setBlock(state, key, entry);
  const s: { kind: 'call-start'; key: string; id?: string; name?: string } = { kind: 'call-start', key };
  const id = nonEmpty(block.id);
  const name = nonEmpty(block.name);
  if (id !== undefined) s.id = id;
  if (name !== undefined) s.name = name;
  return [s];
}

/** An input_json_delta's fragment for block `key`: args, unless the block is a server tool's. */
function jsonDelta(state: AnthropicState, key: string, text: string): Signal[] {
  let block: Block | undefined;
  if (key === state.lastKey) block = state.lastBlock;
  else {
    block = state.blocks.get(key);
    state.lastKey = key;
    state.lastBlock = block;
  }
  // only a tool_use block is the client's (issue 34): any other started block's input is a server tool's
  if (block !== undefined && block.kind !== 'tool') return [SERVER_TOOL_INPUT];
  if (block !== undefined && text !== '') block.sawArgs = true;
  return [{ kind: 'args', key, text }];
}

/** The reader (DELTA_PARTS) whose hole is an input_json_delta's partial_json. */
const JSON_READER = 1;

/**
 * Per template of that reader: whether its envelope is an input_json_delta event (`type` content_block_delta,
 * `delta.type` input_json_delta) with its index open. Then step and blockDelta would read exactly the hole as
 * `partial_json` and the open index as the block's key, so `step` calls jsonDelta directly, without building
 * the event.
 */
const JSON_DELTA = new WeakMap<Template, boolean>();

/** The template asked about last, and its answer: most frames come through one template. */
let lastTemplate: Template | undefined;
let lastJsonDelta = false;

function isJsonDelta(t: Template): boolean {
  if (t === lastTemplate) return lastJsonDelta;
  let known = JSON_DELTA.get(t);
  if (known === undefined) {
    const base = obj(t.base);
    known = t.index !== undefined && base !== undefined && str(base.type) === 'content_block_delta' && str(obj(base.delta)?.type) === 'input_json_delta';
    JSON_DELTA.set(t, known);
  }
  lastTemplate = t;
  lastJsonDelta = known;
  return known;
}

function blockDelta(state: AnthropicState, d: Record<string, unknown>, deltaValue: unknown): Signal[] {
  const key = keyOf(d.index);
  const delta = obj(deltaValue);
  if (key === undefined) return [malformed('content_block_delta.index')];
  if (delta === undefined) return [malformed('content_block_delta.delta')];
  const type = str(delta.type);
  switch (type) {
    case 'text_delta': {
      const text = str(delta.text);
      if (text === undefined) return [malformed('text_delta.text')];
      return text === '' ? [EMPTY_TEXT] : [{ kind: 'text', text }];
    }
    case 'thinking_delta': {
      const text = str(delta.thinking);
      if (text === undefined) return [malformed('thinking_delta.thinking')];
      return text === '' ? [EMPTY_TEXT] : [{ kind: 'reasoning', text }];
    }
    case 'input_json_delta': {
      const text = str(delta.partial_json);
      if (text === undefined) return [malformed('input_json_delta.partial_json')];
      return jsonDelta(state, key, text);
    }
    case 'signature_delta':
      return [SIGNATURE];
    case 'citations_delta':
      return [CITATIONS];
    default:
      return [unknownEvent('content_block_delta/' + (type ?? '(none)'))];
  }
}

function blockStop(state: AnthropicState, d: Record<string, unknown>): Signal[] {
  const key = keyOf(d.index);
  if (key === undefined) return [malformed('content_block_stop.index')];
  const block = state.blocks.get(key);
  if (block?.kind !== 'tool') return [BLOCK_STOP];
  if (block.startInput !== undefined && !block.sawArgs) return [{ kind: 'call-end', key, args: block.startInput }];
  return [{ kind: 'call-end', key }];
}

/** A block that arrives whole inside message_start (position = block index). */
function wholeBlock(state: AnthropicState, key: string, block: Record<string, unknown>, out: Signal[]): void {
  const type = str(block.type) ?? '(none)';
  setBlock(state, key, { kind: type === 'tool_use' ? 'tool' : type === 'server_tool_use' ? 'server-tool' : 'other', sawArgs: true });
  if (type === 'tool_use') {
    const input = block.input === undefined || block.input === null ? '{}' : stringifyDeep(block.input);
    out.push({ kind: 'call-complete', key, id: nonEmpty(block.id) ?? '', name: str(block.name) ?? '', args: input });
  } else if (type === 'text' && nonEmpty(block.text) !== undefined) out.push({ kind: 'text', text: block.text as string });
  else if (type === 'thinking' && nonEmpty(block.thinking) !== undefined) out.push({ kind: 'reasoning', text: block.thinking as string });
  else out.push(ignored('block-start:' + type));
}

function messageStart(state: AnthropicState, message: Record<string, unknown> | undefined): Signal[] {
  if (message === undefined) return [MESSAGE_START];
  const out: Signal[] = [];
  const content = arr(message.content);
  if (content !== undefined)
    for (let i = 0; i < content.length; i++) {
      const block = obj(content[i]);
      if (block === undefined) out.push(malformed(`message.content[${i}]`));
      else wholeBlock(state, keyOf(i) as string, block, out);
    }
  const reason = nonEmpty(message.stop_reason);
  if (reason !== undefined) out.push({ kind: 'finish', reason });
  const u = obj(message.usage);
  const us = u === undefined ? undefined : usage(u.input_tokens, u.output_tokens);
  if (us !== undefined) out.push(us);
  return out.length === 0 ? [MESSAGE_START] : out;
}

function messageDelta(d: Record<string, unknown>, deltaValue: unknown): Signal[] {
  const out: Signal[] = [];
  const reason = nonEmpty(obj(deltaValue)?.stop_reason);
  if (reason !== undefined) out.push({ kind: 'finish', reason });
  const u = obj(d.usage);
  const us = u === undefined ? undefined : usage(u.input_tokens, u.output_tokens);
  if (us !== undefined) out.push(us);
  return out.length === 0 ? [MESSAGE_DELTA] : out;
}

function step(state: AnthropicState, frame: FrameFields): Signal[] {
  const data = frame.data;
  // Deltas repeat their envelope ({"type":"content_block_delta","index":N,"delta":...}): parse only the delta.
  const set = state.holes;
  let delta: unknown;
  let d: Record<string, unknown> | undefined;
  if (findHole(set, data)) {
    const hole = set.hole;
    if (set.hit === JSON_READER && typeof hole === 'string') {
      const r = set.readers[JSON_READER] as HoleSet['readers'][number];
      if (isJsonDelta(r.template as Template)) return jsonDelta(state, keyOf(r.index) as string, hole);
    }
    d = rootValue(set) as Record<string, unknown>;
    delta = d.delta;
  } else {
    const parsed = parseData(data);
    if (parsed === INVALID) return [isDone(data) ? DONE : INVALID_JSON];
    d = obj(parsed);
    if (d === undefined) return [NOT_AN_OBJECT];
    delta = d.delta;
  }
  const type = str(d.type) ?? (frame.event !== 'message' ? frame.event : undefined);
  switch (type) {
    case 'content_block_delta':
      return blockDelta(state, d, delta);
    case 'content_block_start':
      return blockStart(state, d);
    case 'content_block_stop':
      return blockStop(state, d);
    case 'ping':
      return [PING];
    case 'message_start':
      return messageStart(state, obj(d.message));
    case 'message_delta':
      return messageDelta(d, delta);
    case 'message_stop':
      return [MESSAGE_STOP];
    case 'error':
      return [errorSignal(d.error ?? d, 'error')];
    default:
      return [unknownEvent(type)];
  }
}

export const anthropicMessages: WireAdapter<AnthropicState> = {
  wire: 'anthropic-messages',
  init: (options) => ({
    blocks: new Map(),
    holes: createHoleSet(EVENT_PATH, DELTA_PARTS, options?.envelopes !== false, undefined, BLOCK_INDEX),
    lastKey: undefined,
    lastBlock: undefined,
  }),
  step,
  isTerminal: (signals) => signals.some((s) => s.kind === 'ignored' && s.why === 'message-stop'),
};
