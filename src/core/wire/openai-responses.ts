/**
 * OpenAI Responses (`stream: true`) -> signals.
 *
 * Contract: reads `data.type` (the `event:` line when the data has none). The key is `String(output_index)`; an
 * event without `output_index` is matched by its `item_id` to the item that `output_item.added` opened.
 * - output_item.added, item.type function_call -> call-start{key, id: item.call_id, name} (the item's own `fc_` id
 *   is only used for matching), plus args{key, text} if the item already carries non-empty `arguments`;
 * - function_call_arguments.delta -> args{key, text: delta}; function_call_arguments.done -> call-end{key, args};
 * - output_item.done, item.type function_call -> call-complete{key, id: call_id, name, args: item.arguments}
 *   (id / name fall back to those seen at output_item.added, then '');
 * - output_text.delta and refusal.delta -> text; reasoning_summary_text.delta and reasoning_text.delta -> reasoning;
 * - response.completed / response.incomplete / response.failed (terminal) -> finish{'completed' |
 *   'incomplete:<reason>' | 'failed'}, then usage when present; a failed response's `error` -> error, unless an
 *   error event already came in this turn;
 * - error -> error{message, errorType: code};
 * - other known events -> ignored with the type minus its `response.` prefix; unknown -> 'unknown-event:<type>'.
 */
import type { FrameFields, Signal } from '../types';
import type { WireAdapter } from './adapter';
import type { SignalOut } from './signal-builder';
import { SK, endSignal, firstSignal, signalRef } from './signal-table';
import {
  INVALID,
  INVALID_JSON,
  DONE,
  isDone,
  NOT_AN_OBJECT,
  type Obj,
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

export interface ResponsesState {
  /** item id (fc_...) -> key */
  itemKeys: Map<string, string>;
  /** key -> call id and name seen at output_item.added */
  calls: Map<string, { id?: string; name?: string }>;
  sawError: boolean;
}

function short(type: string): string {
  return type.startsWith('response.') ? type.slice(9) : type;
}

const TERMINAL = new Set(['response.completed', 'response.incomplete', 'response.failed']);

/** Known events that carry nothing for assembly. */
const KNOWN = new Map(
  [
  'response.created',
  'response.in_progress',
  'response.queued',
  'response.content_part.added',
  'response.content_part.done',
  'response.output_text.done',
  'response.output_text.annotation.added',
  'response.refusal.done',
  'response.reasoning_summary_part.added',
  'response.reasoning_summary_part.done',
  'response.reasoning_summary_text.done',
  'response.reasoning_text.done',
  'response.custom_tool_call_input.delta',
  'response.custom_tool_call_input.done',
  ].map((t) => [t, ignored(short(t))]),
);
/** Families of known built-in tool events (web search, file search, code interpreter, image generation, MCP). */
const KNOWN_PREFIXES = [
  'response.web_search_call.',
  'response.file_search_call.',
  'response.code_interpreter_call',
  'response.image_generation_call.',
  'response.mcp_',
];

function keyFor(state: ResponsesState, d: Obj, where: string): string | Signal {
  const key = keyOf(d.output_index);
  if (key !== undefined) return key;
  const item = str(d.item_id);
  const known = item === undefined ? undefined : state.itemKeys.get(item);
  return known ?? malformed(where + '.output_index');
}

function itemAdded(state: ResponsesState, d: Obj): Signal[] {
  const item = obj(d.item);
  if (item === undefined) return [malformed('output_item.added.item')];
  const type = str(item.type) ?? '(none)';
  if (type !== 'function_call') return [ignored('output_item.added:' + type)];
  const key = keyOf(d.output_index);
  if (key === undefined) return [malformed('output_item.added.output_index')];
  const itemId = nonEmpty(item.id);
  if (itemId !== undefined) state.itemKeys.set(itemId, key);
  const s: { kind: 'call-start'; key: string; id?: string; name?: string } = { kind: 'call-start', key };
  const id = nonEmpty(item.call_id);
  const name = nonEmpty(item.name);
  if (id !== undefined) s.id = id;
  if (name !== undefined) s.name = name;
  state.calls.set(key, { ...(id !== undefined && { id }), ...(name !== undefined && { name }) });
  const args = nonEmpty(item.arguments);
  return args === undefined ? [s] : [s, { kind: 'args', key, text: args }];
}

function itemDone(state: ResponsesState, d: Obj): Signal[] {
  const item = obj(d.item);
  if (item === undefined) return [malformed('output_item.done.item')];
  const type = str(item.type) ?? '(none)';
  if (type !== 'function_call') return [ignored('output_item.done:' + type)];
  let key = keyOf(d.output_index);
  if (key === undefined) {
    const itemId = nonEmpty(item.id);
    key = itemId === undefined ? undefined : state.itemKeys.get(itemId);
  }
  if (key === undefined) return [malformed('output_item.done.output_index')];
  const seen = state.calls.get(key);
  const args = str(item.arguments);
  if (args === undefined) return [malformed('output_item.done.item.arguments')];
  return [
    {
      kind: 'call-complete',
      key,
      id: nonEmpty(item.call_id) ?? seen?.id ?? '',
      name: nonEmpty(item.name) ?? seen?.name ?? '',
      args,
    },
  ];
}

function end(state: ResponsesState, type: string, d: Obj): Signal[] {
  const response = obj(d.response);
  let reason = 'completed';
  if (type === 'response.failed') reason = 'failed';
  else if (type === 'response.incomplete') {
    reason = 'incomplete:' + (nonEmpty(obj(response?.incomplete_details)?.reason) ?? 'unknown');
  }
  const out: Signal[] = [{ kind: 'finish', reason }];
  const u = obj(response?.usage);
  const us = u === undefined ? undefined : usage(u.input_tokens, u.output_tokens);
  if (us !== undefined) out.push(us);
  const err = response?.error;
  if (type === 'response.failed' && err !== undefined && err !== null && !state.sawError) out.push(errorSignal(err));
  return out;
}

const EMPTY_TEXT = ignored('empty-text');

function textDelta(d: Obj, kind: 'text' | 'reasoning', where: string, out: SignalOut): void {
  const text = str(d.delta);
  if (text === undefined) return out.push(malformed(where + '.delta'));
  if (text === '') return out.push(EMPTY_TEXT);
  if (kind === 'text') out.text(text);
  else out.reasoning(text);
}

function pushAll(out: SignalOut, list: readonly Signal[]): void {
  for (let i = 0; i < list.length; i++) out.push(list[i] as Signal);
}

function step(state: ResponsesState, frame: FrameFields, out: SignalOut): void {
  const parsed = parseData(frame.data);
  if (parsed === INVALID) return out.push(isDone(frame.data) ? DONE : INVALID_JSON);
  const d = obj(parsed);
  if (d === undefined) return out.push(NOT_AN_OBJECT);
  const type = str(d.type) ?? (frame.event !== 'message' ? frame.event : undefined);
  if (type === undefined) return out.push(unknownEvent(type));
  switch (type) {
    case 'response.function_call_arguments.delta': {
      const key = keyFor(state, d, 'function_call_arguments.delta');
      if (typeof key !== 'string') return out.push(key);
      const text = str(d.delta);
      return text === undefined ? out.push(malformed('function_call_arguments.delta.delta')) : out.args(key, text);
    }
    case 'response.function_call_arguments.done': {
      const key = keyFor(state, d, 'function_call_arguments.done');
      if (typeof key !== 'string') return out.push(key);
      const args = str(d.arguments);
      return out.push(args === undefined ? { kind: 'call-end', key } : { kind: 'call-end', key, args });
    }
    case 'response.output_text.delta':
    case 'response.refusal.delta':
      return textDelta(d, 'text', short(type), out);
    case 'response.reasoning_summary_text.delta':
    case 'response.reasoning_text.delta':
      return textDelta(d, 'reasoning', short(type), out);
    case 'response.output_item.added':
      return pushAll(out, itemAdded(state, d));
    case 'response.output_item.done':
      return pushAll(out, itemDone(state, d));
    case 'error': {
      state.sawError = true;
      const nested = obj(d.error);
      if (nested !== undefined) return out.push(errorSignal(nested));
      const code = nonEmpty(d.code);
      const message = str(d.message) ?? 'error';
      return out.push(code === undefined ? { kind: 'error', message } : { kind: 'error', message, errorType: code });
    }
  }
  if (TERMINAL.has(type)) return pushAll(out, end(state, type, d));
  const known = KNOWN.get(type);
  if (known !== undefined) return out.push(known);
  for (const prefix of KNOWN_PREFIXES) if (type.startsWith(prefix)) return out.push(ignored(short(type)));
  return out.push(unknownEvent(type));
}

export const openaiResponses: WireAdapter<ResponsesState> = {
  wire: 'openai-responses',
  init: () => ({ itemKeys: new Map(), calls: new Map(), sawError: false }),
  step,
  isTerminal: (t, f) => {
    for (let i = firstSignal(t, f), end = endSignal(t, f); i < end; i++) {
      if (t.kind[i] !== SK.finish) continue;
      const reason = signalRef(t, i) ?? '';
      if (reason === 'completed' || reason === 'failed' || reason.startsWith('incomplete:')) return true;
    }
    return false;
  },
};
