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
  /** The key's latest slot (a closed one is reused, as a new slot, when the key opens again). */
  byKey: Map<CallKey, Slot>;
  /**
   * The turn's slot openings in order (the slot, and in `ids` the buffer it opened), but for dead ones dropped from
   * the front now and then. An opening is live while its slot is open on that buffer: a closed slot, or one reused
   * for a later buffer, stays dead (a strategy that reopens a key per fragment opens a slot per fragment).
   */
  all: Slot[];
  ids: number[];
  /** Every opening of `all` before this index is dead. */
  openFrom: number;
}

/** The call key of signal i, read in place (only for the kinds that have one: call-start, args, call-end, call-complete). */
export const keyOf = (t: SignalTable, i: number): CallKey => t.strings[t.key[i] as number] as CallKey;

export const newSlots = (): Slots => ({ byKey: new Map(), all: [], ids: [], openFrom: 0 });

const live = (slots: Slots, i: number): boolean => {
  const slot = slots.all[i] as Slot;
  return !slot.closed && slot.bufferId === slots.ids[i];
};

/**
 * Opens a slot (a new buffer) for the key; the key's slot is then this one. A closed slot of the key is reset and
 * reused rather than replaced (no allocation per reopening); an open one (a second complete call at a reused key)
 * stays open, and is closed in its turn by `closeAllOpen`.
 */
export function openSlot(
  slots: Slots,
  ctx: StrategyContext,
  key: CallKey,
  frame: FrameIndex,
  id = '',
  name = '',
): Slot {
  const bufferId = ctx.log.openBuffer(ctx.turn, key, frame, id || undefined, name || undefined);
  let slot = slots.byKey.get(key);
  if (slot?.closed) {
    slot.bufferId = bufferId;
    slot.id = id;
    slot.name = name;
    slot.sawArgs = false;
    slot.closed = false;
    slot.ready = false;
    slot.complete = false;
  } else {
    slot = { key, bufferId, id, name, sawArgs: false, closed: false, ready: false, complete: false };
    slots.byKey.set(key, slot);
  }
  while (slots.openFrom < slots.all.length && !live(slots, slots.openFrom)) slots.openFrom++;
  if (slots.openFrom >= 64 && slots.openFrom * 2 >= slots.all.length) {
    slots.all = slots.all.slice(slots.openFrom);
    slots.ids = slots.ids.slice(slots.openFrom);
    slots.openFrom = 0;
  }
  slots.all.push(slot);
  slots.ids.push(bufferId);
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

/** Appends signal i's text as a fragment of the slot's buffer (read in place, run-log.ts); returns its start. */
export function appendArgs(slot: Slot, ctx: StrategyContext, frame: FrameIndex, t: SignalTable, i: number): number {
  slot.sawArgs = true;
  return ctx.log.appendSignal(slot.bufferId, frame, t, i);
}

/** Appends the whole args of an end event (signal i) when the call had no fragment; true when it did append. */
export function appendWholeIfNoArgs(slot: Slot, ctx: StrategyContext, frame: FrameIndex, t: SignalTable, i: number): boolean {
  if (slot.sawArgs) return false;
  appendArgs(slot, ctx, frame, t, i);
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
  const outcome = ctx.log.attempt(frame, ctx.turn, slot.bufferId, 0, text, emptyArgsMeanNoArgs(ctx.wire, text), usuallyWhole);
  if (outcome.ok) {
    slot.ready = true;
    ctx.log.ready({ turn: ctx.turn, key: slot.key, id: slot.id, name: slot.name, argsText: text, args: outcome.value, readyFrame: frame });
  }
}

export function closeAllOpen(slots: Slots, ctx: StrategyContext, frame: FrameIndex, usuallyWhole = true): void {
  const all = slots.all;
  for (let i = slots.openFrom; i < all.length; i++) if (live(slots, i)) closeAndParse(all[i] as Slot, ctx, frame, usuallyWhole);
  slots.openFrom = all.length;
}

/** Wires on which a call has no end event of its own: `finish_reason` (or the stream end) ends every call. */
export const endsAtFinish = (wire: WireId): boolean => wire === 'openai-chat' || wire === 'gemini';
