/**
 * What-if tool execution: three schedules for running a turn's tool calls (src/core/README.md).
 *
 * Contract: pure functions, no clock, no throw. Input is the turn's calls in stream order with their
 * turn-relative ready time under the selected strategy, their duration and whether they are concurrency-safe,
 * plus the turn-relative time the stream ended. Output, for each schedule, every call's turn-relative
 * {start, end}, the finish time (never before the stream end: the turn is not over until both the stream and the
 * tools are) and the time saved against schedule 1.
 *   1. `sequential`: after the stream, one by one.
 *   2. `batched`: after the stream, each run of consecutive safe calls in parallel, unsafe calls alone
 *      (`[read, read, write, read]` runs as `[read || read] [write] [read]`).
 *   3. `early`: streaming early execution. A safe call starts at its ready time, even while the stream goes on,
 *      unless an unsafe call is running (then it waits for it). An unsafe call starts at its ready time once every
 *      call before it has finished, and everything after it waits for it to finish.
 * Unusable numbers are repaired, not thrown: a negative or non-finite duration counts as 0 and a non-finite ready
 * time as the stream end; the repaired calls are listed in `repaired`.
 * The lookups `toolDuration` (recorded `tool` event, else the header's `tools`, else a default) and
 * `isConcurrencySafe` (header's `concurrencySafe`, else a built-in list of read-only tools) feed the input.
 */
import { turnMs, type Recording, type TurnIndex, type TurnMs } from '../types';

export interface WhatIfCall {
  callId: string;
  name: string;
  /** Turn-relative time at which the selected strategy had the call's arguments. */
  readyMs: TurnMs;
  durationMs: number;
  safe: boolean;
}

export interface ScheduledCall {
  callId: string;
  /** Turn-relative. */
  start: TurnMs;
  end: TurnMs;
}

export type ScheduleId = 'sequential' | 'batched' | 'early';
export const SCHEDULE_IDS: readonly ScheduleId[] = ['sequential', 'batched', 'early'];

export interface Schedule {
  id: ScheduleId;
  /** In the input's order. */
  calls: ScheduledCall[];
  /** Turn-relative time when the stream has ended and every call has finished. */
  finishMs: TurnMs;
  /** `sequential.finishMs - this.finishMs` (0 for schedule 1 itself): a duration. */
  savedMs: number;
}

export interface WhatIf {
  streamEndMs: TurnMs;
  sequential: Schedule;
  batched: Schedule;
  early: Schedule;
  /** Calls whose duration or ready time was unusable and was repaired (see the contract). */
  repaired: string[];
}

/** Tools that only read, run in parallel by default when the header does not say. */
export const DEFAULT_SAFE_TOOLS: readonly string[] = ['read_file', 'list_files', 'grep_search', 'web_fetch'];

const finite = (n: number): boolean => typeof n === 'number' && Number.isFinite(n);

interface CleanCall {
  callId: string;
  ready: number;
  duration: number;
  safe: boolean;
}

function clean(calls: readonly WhatIfCall[], streamEnd: number, repaired: string[]): CleanCall[] {
  return calls.map((c) => {
    const durationOk = finite(c.durationMs) && c.durationMs >= 0;
    const readyOk = finite(c.readyMs);
    if (!durationOk || !readyOk) repaired.push(c.callId);
    return {
      callId: c.callId,
      ready: readyOk ? c.readyMs : streamEnd,
      duration: durationOk ? c.durationMs : 0,
      safe: c.safe === true,
    };
  });
}

function finish(id: ScheduleId, calls: ScheduledCall[], streamEnd: number, baseline: number | null): Schedule {
  let end = streamEnd;
  for (const c of calls) end = Math.max(end, c.end);
  return { id, calls, finishMs: turnMs(end), savedMs: baseline === null ? 0 : baseline - end };
}

function sequential(calls: readonly CleanCall[], streamEnd: number): ScheduledCall[] {
  let t = streamEnd;
  return calls.map((c) => {
    const start = t;
    t += c.duration;
    return { callId: c.callId, start: turnMs(start), end: turnMs(t) };
  });
}

function batched(calls: readonly CleanCall[], streamEnd: number): ScheduledCall[] {
  const out: ScheduledCall[] = [];
  let t = streamEnd;
  let i = 0;
  while (i < calls.length) {
    const first = calls[i] as CleanCall;
    if (!first.safe) {
      out.push({ callId: first.callId, start: turnMs(t), end: turnMs(t + first.duration) });
      t += first.duration;
      i += 1;
      continue;
    }
    let batchEnd = t;
    while (i < calls.length && (calls[i] as CleanCall).safe) {
      const c = calls[i] as CleanCall;
      out.push({ callId: c.callId, start: turnMs(t), end: turnMs(t + c.duration) });
      batchEnd = Math.max(batchEnd, t + c.duration);
      i += 1;
    }
    t = batchEnd;
  }
  return out;
}

function early(calls: readonly CleanCall[]): ScheduledCall[] {
  let allDone = -Infinity; // when every call so far has finished
  let unsafeDone = -Infinity; // when the last unsafe call so far finishes
  return calls.map((c) => {
    const start = c.safe ? Math.max(c.ready, unsafeDone) : Math.max(c.ready, allDone);
    const end = start + c.duration;
    allDone = Math.max(allDone, end);
    if (!c.safe) unsafeDone = end;
    return { callId: c.callId, start: turnMs(start), end: turnMs(end) };
  });
}

/** The three schedules for one turn. */
export function whatIfSchedules(calls: readonly WhatIfCall[], streamEndMs: TurnMs): WhatIf {
  const repaired: string[] = [];
  const streamEnd = finite(streamEndMs) ? streamEndMs : 0;
  const input = clean(calls, streamEnd, repaired);
  const seq = finish('sequential', sequential(input, streamEnd), streamEnd, null);
  return {
    streamEndMs: turnMs(streamEnd),
    sequential: seq,
    batched: finish('batched', batched(input, streamEnd), streamEnd, seq.finishMs),
    early: finish('early', early(input), streamEnd, seq.finishMs),
    repaired,
  };
}

export type DurationSource = 'recorded' | 'header' | 'default';

/**
 * A call's duration: the recorded `tool` event of that turn with the call's id, else the header's `tools` entry
 * for its name, else `defaultMs`.
 */
export function toolDurationWithSource(
  recording: Recording,
  turn: TurnIndex,
  call: { id: string; name: string },
  defaultMs: number,
): { ms: number; source: DurationSource } {
  const run = recording.tools.find((t) => t.turn === turn && t.callId === call.id && finite(t.durationMs));
  if (run) return { ms: Math.max(0, run.durationMs), source: 'recorded' };
  const spec = (recording.header.tools ?? []).find((t) => t.name === call.name);
  if (spec && typeof spec.durationMs === 'number' && finite(spec.durationMs)) {
    return { ms: Math.max(0, spec.durationMs), source: 'header' };
  }
  return { ms: finite(defaultMs) ? Math.max(0, defaultMs) : 0, source: 'default' };
}

/** A call's duration in ms (see `toolDurationWithSource`). */
export function toolDuration(
  recording: Recording,
  turn: TurnIndex,
  call: { id: string; name: string },
  defaultMs: number,
): number {
  return toolDurationWithSource(recording, turn, call, defaultMs).ms;
}

/** Whether a tool may run alongside others: the header's `concurrencySafe`, else the built-in read-only list. */
export function isConcurrencySafe(recording: Recording, name: string): boolean {
  const spec = (recording.header.tools ?? []).find((t) => t.name === name);
  if (spec && typeof spec.concurrencySafe === 'boolean') return spec.concurrencySafe;
  return DEFAULT_SAFE_TOOLS.includes(name);
}

/** Builds the schedules' input for a turn's ready calls from the recording's lookups. */
export function whatIfCalls(
  recording: Recording,
  turn: TurnIndex,
  calls: readonly { id: string; name: string; readyMs: TurnMs }[],
  defaultMs: number,
): WhatIfCall[] {
  return calls.map((c) => ({
    callId: c.id,
    name: c.name,
    readyMs: c.readyMs,
    durationMs: toolDuration(recording, turn, c, defaultMs),
    safe: isConcurrencySafe(recording, c.name),
  }));
}
