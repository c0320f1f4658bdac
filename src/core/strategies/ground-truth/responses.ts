/**
 * Ground truth on OpenAI Responses, read from each event's own fields.
 *
 * Contract: the event type is `data.type`, else the SSE event name; calls are keyed by `output_index`, or by the
 * `item_id` of the item an output_item.added opened. `output_item.added` with a function_call item starts the
 * call (call_id, name; non-empty `arguments` there are a first fragment); `function_call_arguments.delta` is a
 * fragment; `function_call_arguments.done` ends it (its `arguments` are the whole args); `output_item.done` with a
 * function_call item is the whole call (id and name fall back to those of its added item).
 */
import type { FrameFields } from '../../types';
import { index, name, parse, rec, text } from './plain';
import type { TruthReader } from './reader';
import type { Tracer } from './tracer';

export interface ResponsesTurn {
  items: Map<string, string>;
  seen: Map<string, { id?: string; name?: string }>;
}

export const responsesTurn = (): ResponsesTurn => ({ items: new Map(), seen: new Map() });

export function readResponses(t: Tracer, frame: FrameFields, turn: ResponsesTurn): void {
  const d = rec(parse(frame.data));
  if (d === undefined) return;
  const type = text(d.type) ?? frame.event;
  const f = frame.index;
  const keyOf = (itemId: unknown) => index(d.output_index) ?? (name(itemId) === undefined ? undefined : turn.items.get(name(itemId) as string));
  switch (type) {
    case 'response.output_item.added': {
      const item = rec(d.item);
      const key = index(d.output_index);
      if (item?.type !== 'function_call' || key === undefined) return;
      const itemId = name(item.id);
      if (itemId !== undefined) turn.items.set(itemId, key);
      const id = name(item.call_id);
      const fname = name(item.name);
      turn.seen.set(key, { ...(id !== undefined && { id }), ...(fname !== undefined && { name: fname }) });
      t.start(key, f, id, fname);
      const first = name(item.arguments);
      if (first !== undefined) t.fragment(key, f, first);
      return;
    }
    case 'response.function_call_arguments.delta': {
      const key = keyOf(d.item_id);
      const piece = text(d.delta);
      if (key !== undefined && piece !== undefined) t.fragment(key, f, piece);
      return;
    }
    case 'response.function_call_arguments.done': {
      const key = keyOf(d.item_id);
      if (key === undefined) return;
      const args = text(d.arguments);
      if (args !== undefined) t.whole(key, f, args);
      t.end(key, f);
      return;
    }
    case 'response.output_item.done': {
      const item = rec(d.item);
      if (item?.type !== 'function_call') return;
      const key = index(d.output_index) ?? (name(item.id) === undefined ? undefined : turn.items.get(name(item.id) as string));
      const args = text(item.arguments);
      if (key === undefined || args === undefined) return;
      const seen = turn.seen.get(key);
      t.complete(key, f, name(item.call_id) ?? seen?.id ?? '', name(item.name) ?? seen?.name ?? '', args);
      return;
    }
    default:
      return;
  }
}

/** The Responses ground truth, as read.ts drives it. */
export const responsesTruth: TruthReader<ResponsesTurn> = { turn: () => responsesTurn(), read: (t, frame, turn) => readResponses(t, frame, turn) };
