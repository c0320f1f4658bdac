/**
 * Chat Completions faults: `interleave` (parallel calls' fragments round-robined) and `reuse-index` (every call
 * given index 0, as some servers do).
 *
 * Contract: pure; only for `openai-chat` recordings (the caller checks the wire). `interleave` takes, per turn, the
 * chunks that carry exactly one call fragment and nothing else (one choice, one `tool_calls` entry, no text, no
 * `finish_reason`, no usage), groups them by call index in arrival order, and deals them back round-robin over the
 * calls into the same positions (slots), so each call's first chunk (the one with id and name) stays its first; a
 * moved chunk keeps its bytes and takes its slot's time. A turn with fewer than two such calls is unchanged.
 * `reuse-index` rewrites every `tool_calls` entry's `index` to 0 (adding it where missing).
 */
import { asObj, withData, type Obj } from './events';
import { emit, keep, rewriteTurns, type EventBlock, type OutBlock, type Rewritten } from './rewrite';
import type { Recording } from '../types';

const empty = (v: unknown): boolean => v === undefined || v === null || v === '';

/** The call index of a chunk that carries one call fragment and nothing else, else null. */
function soleFragmentIndex(json: unknown): string | null {
  const chunk = asObj(json);
  if (!chunk || !empty(chunk.usage) || !Array.isArray(chunk.choices) || chunk.choices.length !== 1) return null;
  const choice = asObj(chunk.choices[0]);
  const delta = asObj(choice?.delta);
  if (!choice || !delta || !empty(choice.finish_reason)) return null;
  const calls = delta.tool_calls;
  if (!Array.isArray(calls) || calls.length !== 1) return null;
  for (const [key, value] of Object.entries(delta)) if (key !== 'tool_calls' && key !== 'role' && !empty(value)) return null;
  const entry = asObj(calls[0]);
  return entry ? JSON.stringify(entry.index ?? null) : null;
}

function interleaveTurn(blocks: readonly EventBlock[]): OutBlock[] | null {
  const slots: number[] = [];
  const queues = new Map<string, EventBlock[]>();
  blocks.forEach((b, i) => {
    const key = b.view ? soleFragmentIndex(b.view.json) : null;
    if (key === null) return;
    slots.push(i);
    const queue = queues.get(key);
    if (queue) queue.push(b);
    else queues.set(key, [b]);
  });
  if (queues.size < 2) return null;
  const dealt: EventBlock[] = [];
  const lists = [...queues.values()];
  for (let round = 0; dealt.length < slots.length; round++) {
    for (const list of lists) {
      const b = list[round];
      if (b) dealt.push(b);
    }
  }
  const out = blocks.map(keep);
  let moved = false;
  slots.forEach((slot, k) => {
    const b = dealt[k] as EventBlock;
    const original = blocks[slot] as EventBlock;
    if (b !== original) moved = true;
    out[slot] = { bytes: b.raw, time: original.block.time };
  });
  return moved ? out : null;
}

export function interleave(recording: Recording): Rewritten {
  return rewriteTurns(recording, interleaveTurn);
}

function zeroIndices(json: unknown): Obj | null {
  const chunk = asObj(json);
  if (!chunk || !Array.isArray(chunk.choices)) return null;
  let changed = false;
  const choices = chunk.choices.map((c) => {
    const choice = asObj(c);
    const delta = asObj(choice?.delta);
    if (!choice || !delta || !Array.isArray(delta.tool_calls)) return c;
    const calls = delta.tool_calls.map((e) => {
      const entry = asObj(e);
      if (!entry || entry.index === 0) return e;
      changed = true;
      return { ...entry, index: 0 };
    });
    return { ...choice, delta: { ...delta, tool_calls: calls } };
  });
  return changed ? { ...chunk, choices } : null;
}

export function reuseIndex(recording: Recording): Rewritten {
  return rewriteTurns(recording, (blocks) => {
    let touched = false;
    const out = blocks.map((b) => {
      const next = b.view ? zeroIndices(b.view.json) : null;
      if (!b.view || !next) return keep(b);
      touched = true;
      return emit(withData(b.view, JSON.stringify(next)), b.block.time);
    });
    return touched ? out : null;
  });
}
