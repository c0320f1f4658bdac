/**
 * A run log that follows another run's finished buffers instead of building its own, for strategies whose buffers
 * usually come out the same (registry.ts `BUFFER_PEERS`: parse-each-fragment and per-call-buffer key calls alike and
 * differ only in when they parse).
 *
 * Contract: `createFollowLog(like)` behaves exactly as `createRunLog()` (run-log.ts): same return values, same
 * attempts, calls and notes, and `finish()` gives buffers deep-equal to the ones a plain log would build, with the
 * same property order. While every buffer opened, fragment appended and call set matches `like` (same turn, key,
 * opening frame; each fragment's frame, range and text; the ids and names as they end), nothing is built: the
 * buffers are `like` itself (the same array, shared like SAME_FOLD's runs), checked once more at `finish`. At the
 * first difference the log builds, from what it followed so far, the buffers a plain log would hold at that point
 * and goes on as a plain log: a divergence costs what was followed, never a second fold.
 * Cost while following: per fragment a few comparisons and one in-place `startsWith`; no object, no string.
 */
import type { BufferLog, Mutable } from '../types';
import { createJournal, createRunLog, NO_FRAGMENTS, type RunLog } from './run-log';

/** Which of callId and name a buffer has, in the order its object got them: none, id, name, id+name, name+id. */
const Order = { none: 0, id: 1, name: 2, idName: 3, nameId: 4 } as const;
type Order = (typeof Order)[keyof typeof Order];

const withId = (o: Order): Order => (o === Order.none ? Order.id : o === Order.name ? Order.nameId : o);
const withName = (o: Order): Order => (o === Order.none ? Order.name : o === Order.id ? Order.idName : o);

/** The Order of a built buffer's properties. */
function orderOf(b: BufferLog): Order {
  let o: Order = Order.none;
  for (const k in b) {
    if (k === 'callId') o = withId(o);
    else if (k === 'name') o = withName(o);
  }
  return o;
}

export function createFollowLog(like: readonly BufferLog[]): RunLog {
  const journal = createJournal();
  const max = like.length;
  // Per followed buffer: fragments and characters so far, its call id and name now, and their property order.
  const counts = new Int32Array(max);
  const lens = new Float64Array(max);
  const ids: (string | undefined)[] = [];
  const names: (string | undefined)[] = [];
  const orders = new Uint8Array(max);
  // The call id and name each buffer was opened with (to rebuild it as a plain log would have).
  const openIds: (string | undefined)[] = [];
  const openNames: (string | undefined)[] = [];
  let opened = 0;
  /** The plain log this one became at the first difference. */
  let plain: RunLog | null = null;

  const check = (id: number): BufferLog => {
    if (id >= 0 && id < opened) return like[id] as BufferLog;
    throw new Error(`run-log: no buffer ${id}`);
  };

  /** Builds the followed buffers as a plain log holds them now, and goes on as that log. */
  const diverge = (): RunLog => {
    const logs: Mutable<BufferLog>[] = [];
    const texts: string[] = [];
    for (let id = 0; id < opened; id++) {
      const b = like[id] as BufferLog;
      const callId = openIds[id];
      const name = openNames[id];
      const { turn, key } = b;
      const fragments = NO_FRAGMENTS;
      const openedAt = b.openedAt;
      const log: Mutable<BufferLog> =
        callId === undefined
          ? name === undefined
            ? { id, turn, key, text: '', fragments, openedAt }
            : { id, turn, key, text: '', fragments, openedAt, name }
          : name === undefined
            ? { id, turn, key, text: '', fragments, openedAt, callId }
            : { id, turn, key, text: '', fragments, openedAt, callId, name };
      // the properties added later, in the order they came (those the literal has stay in place), then their values
      const order = orders[id] as Order;
      const nowId = ids[id];
      const nowName = names[id];
      if (order === Order.nameId) {
        if (!('name' in log)) log.name = nowName as string;
        if (!('callId' in log)) log.callId = nowId as string;
      } else {
        if (order !== Order.none && order !== Order.name && !('callId' in log)) log.callId = nowId as string;
        if ((order === Order.name || order === Order.idName) && !('name' in log)) log.name = nowName as string;
      }
      if (nowId !== undefined) log.callId = nowId;
      if (nowName !== undefined) log.name = nowName;
      const count = counts[id] as number;
      if (count > 0) log.fragments = b.fragments.slice(0, count);
      logs.push(log);
      const len = lens[id] as number;
      texts.push(len === b.text.length ? b.text : b.text.slice(0, len));
    }
    plain = createRunLog(journal, logs, texts);
    return plain;
  };

  return {
    openBuffer(turn, key, frame, callId, name) {
      if (plain) return plain.openBuffer(turn, key, frame, callId, name);
      const b = like[opened];
      if (b === undefined || b.turn !== turn || b.key !== key || b.openedAt !== frame) return diverge().openBuffer(turn, key, frame, callId, name);
      const id = opened++;
      ids.push(callId);
      names.push(name);
      openIds.push(callId);
      openNames.push(name);
      orders[id] = callId === undefined ? (name === undefined ? Order.none : Order.name) : name === undefined ? Order.id : Order.idName;
      return id;
    },
    append(bufferId, frame, text) {
      if (plain) return plain.append(bufferId, frame, text);
      const b = check(bufferId);
      const k = counts[bufferId] as number;
      const start = lens[bufferId] as number;
      const f = b.fragments[k];
      if (f === undefined || f.frame !== frame || f.start !== start || f.end !== start + text.length || (text.length > 0 && !b.text.startsWith(text, start))) {
        return diverge().append(bufferId, frame, text);
      }
      counts[bufferId] = k + 1;
      lens[bufferId] = start + text.length;
      return start;
    },
    setCall(bufferId, callId, name) {
      if (plain) return plain.setCall(bufferId, callId, name);
      check(bufferId);
      if (callId !== undefined && ids[bufferId] !== callId) {
        if (ids[bufferId] === undefined) orders[bufferId] = withId(orders[bufferId] as Order);
        ids[bufferId] = callId;
      }
      if (name !== undefined && names[bufferId] !== name) {
        if (names[bufferId] === undefined) orders[bufferId] = withName(orders[bufferId] as Order);
        names[bufferId] = name;
      }
    },
    textOf(bufferId) {
      if (plain) return plain.textOf(bufferId);
      const b = check(bufferId);
      const len = lens[bufferId] as number;
      return len === b.text.length ? b.text : b.text.slice(0, len);
    },
    lengthOf(bufferId) {
      if (plain) return plain.lengthOf(bufferId);
      check(bufferId);
      return lens[bufferId] as number;
    },
    attempt: journal.attempt,
    ready: journal.ready,
    note: journal.note,
    finish() {
      if (plain) return plain.finish();
      let same = opened === max;
      for (let id = 0; same && id < max; id++) {
        const b = like[id] as BufferLog;
        same =
          b.id === id &&
          counts[id] === b.fragments.length &&
          lens[id] === b.text.length &&
          b.callId === ids[id] &&
          b.name === names[id] &&
          orders[id] === orderOf(b);
      }
      if (!same) return diverge().finish();
      return { buffers: like as BufferLog[], ...journal.finish() };
    },
  };
}
