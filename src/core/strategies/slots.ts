/**
 * Per-call buffers ("slots") shared by the buffer-keeping strategies.
 *
 * Contract: a slot is one buffer for one call key within a turn. Rules common to every strategy that uses slots:
 * - A call-start opens a slot (an empty buffer marked at that frame) unless its key has an open slot.
 * - An event that carries a call's WHOLE arguments (a call-end with `args`, a call-complete) counts as that call's
 *   one fragment only when no argument delta arrived for it before (Gemini parts; Responses "args only in done").
 * - Closing a slot parses its buffer once (an attempt over the whole buffer) and, on success, logs a ready call.
 */
import type { CallKey, FrameIndex, SignalTable, WireId } from '../types';
import { emptyArgsMeanNoArgs } from './json';
import type { StrategyContext } from './types';

export interface Slot {
  key: CallKey;
  bufferId: number;
  id: string;
  name: string;
  /** A fragment (delta or whole-event args) has been appended. */
  sawArgs: boolean;
  closed: boolean;
  /** For strategies that take a call before its end (parse-each-fragment). */
  ready: boolean;
  /** A call-complete event has been applied: another one on this key is another call (Gemini positions). */
  complete: boolean;
}

export interface Slots {
  byKey: Map<CallKey, Slot>;
  /**
   * The turn's slots in the order opened, but for closed ones dropped from the front now and then (a strategy that
   * reopens a key per fragment opens a slot per fragment: a closed slot is garbage as soon as its key moves on).
   */
  all: Slot[];
  /** Every slot of `all` before this index is closed (slots close only in closeAndParse, and stay closed). */
  openFrom: number;
}

/** The call key of signal i, read in place (only for the kinds that have one: call-start, args, call-end, call-complete). */
export const keyOf = (t: SignalTable, i: number): CallKey => t.strings[t.key[i] as number] as CallKey;

export const newSlots = (): Slots => ({ byKey: new Map(), all: [], openFrom: 0 });

export function openSlot(
  slots: Slots,
  ctx: StrategyContext,
  key: CallKey,
  frame: FrameIndex,
  id = '',
  name = '',
): Slot {
  const bufferId = ctx.log.openBuffer(ctx.turn, key, frame, id || undefined, name || undefined);
  const slot: Slot = { key, bufferId, id, name, sawArgs: false, closed: false, ready: false, complete: false };
  slots.byKey.set(key, slot);
  const all = slots.all;
  while (slots.openFrom < all.length && (all[slots.openFrom] as Slot).closed) slots.openFrom++;
  if (slots.openFrom >= 64 && slots.openFrom * 2 >= all.length) {
    slots.all = all.slice(slots.openFrom);
    slots.openFrom = 0;
  }
  slots.all.push(slot);
  return slot;
}

/** The open slot for a key, or a new one (a key seen again after its slot closed gets a new buffer). */
export function slotFor(slots: Slots, ctx: StrategyContext, key: CallKey, frame: FrameIndex): Slot {
  const slot = slots.byKey.get(key);
  return slot && !slot.closed ? slot : openSlot(slots, ctx, key, frame);
}

/**
 * Index-keyed handling of a call-start, as clients that key calls by index do: a call-start on an open key stays
 * in the same buffer. When it carries a different non-empty id (a reused index, e.g. Ollama's `index: 0` for every
 * call), the name is appended to the slot's name — producing hermes-agent#3468's `write_filewrite_file` — and the
 * first id is kept.
 */
export function startIndexKeyed(
  slots: Slots,
  ctx: StrategyContext,
  key: CallKey,
  frame: FrameIndex,
  id: string | undefined,
  name: string | undefined,
): Slot {
  const slot = slots.byKey.get(key);
  if (!slot || slot.closed) return openSlot(slots, ctx, key, frame, id ?? '', name ?? '');
  if (id && slot.id && id !== slot.id) {
    if (name) slot.name += name;
  } else {
    if (id && !slot.id) slot.id = id;
    if (name && !slot.name) slot.name = name;
  }
  ctx.log.setCall(slot.bufferId, slot.id || undefined, slot.name || undefined);
  return slot;
}

/** Appends a fragment to the slot's buffer; returns its start in the buffer. */
export function appendArgs(slot: Slot, ctx: StrategyContext, frame: FrameIndex, text: string): number {
  slot.sawArgs = true;
  return ctx.log.append(slot.bufferId, frame, text);
}

/** Appends an end event's whole args when the call had no fragment; true when it did append. */
export function appendWholeIfNoArgs(slot: Slot, ctx: StrategyContext, frame: FrameIndex, args: string | undefined): boolean {
  if (args === undefined || slot.sawArgs) return false;
  appendArgs(slot, ctx, frame, args);
  return true;
}

export function fillCall(slot: Slot, ctx: StrategyContext, id: string, name: string): void {
  if (id && !slot.id) slot.id = id;
  if (name && !slot.name) slot.name = name;
  ctx.log.setCall(slot.bufferId, slot.id || undefined, slot.name || undefined);
}

/**
 * The slot a call-complete event applies to: the key's open slot unless a complete event was already applied to
 * it (then it is another call at a reused key), else a new slot. Undefined when the event repeats a closed call
 * (Responses `output_item.done` after `function_call_arguments.done`).
 */
export function slotForComplete(
  slots: Slots,
  ctx: StrategyContext,
  key: CallKey,
  frame: FrameIndex,
  id: string,
  name: string,
): Slot | undefined {
  const slot = slots.byKey.get(key);
  if (slot?.closed && !slot.complete && (slot.id === id || !id || !slot.id)) {
    slot.complete = true;
    return undefined;
  }
  const target = slot && !slot.closed && !slot.complete ? slot : openSlot(slots, ctx, key, frame, id, name);
  fillCall(target, ctx, id, name);
  target.complete = true;
  return target;
}

/**
 * Closes a slot: parses its whole buffer once; on success the call is ready at this frame. `usuallyWhole`: the
 * strategy closes calls at their end, so the buffer usually parses (JSON.parse is tried before the fail-fast scan,
 * run-log.ts); false for a strategy that often closes calls early (next-index-closes).
 */
export function closeAndParse(slot: Slot, ctx: StrategyContext, frame: FrameIndex, usuallyWhole = true): void {
  if (slot.closed) return;
  slot.closed = true;
  const text = ctx.log.textOf(slot.bufferId);
  const outcome = ctx.log.attempt(frame, ctx.turn, slot.key, slot.bufferId, 0, text, emptyArgsMeanNoArgs(ctx.wire, text), usuallyWhole);
  if (outcome.ok) {
    slot.ready = true;
    ctx.log.ready({ turn: ctx.turn, key: slot.key, id: slot.id, name: slot.name, argsText: text, args: outcome.value, readyFrame: frame });
  }
}

export function closeAllOpen(slots: Slots, ctx: StrategyContext, frame: FrameIndex, usuallyWhole = true): void {
  const all = slots.all;
  while (slots.openFrom < all.length && (all[slots.openFrom] as Slot).closed) slots.openFrom++;
  for (let i = slots.openFrom; i < all.length; i++) {
    const slot = all[i] as Slot;
    if (!slot.closed) closeAndParse(slot, ctx, frame, usuallyWhole);
  }
  slots.openFrom = all.length;
}

/** Wires on which a call has no end event of its own: `finish_reason` (or the stream end) ends every call. */
export const endsAtFinish = (wire: WireId): boolean => wire === 'openai-chat' || wire === 'gemini';
