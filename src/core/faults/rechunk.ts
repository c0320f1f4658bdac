/**
 * `rechunk:N`: every argument fragment re-split into fragments of N characters, framed correctly for its wire.
 *
 * Contract: pure. Anthropic: an `input_json_delta` whose `partial_json` is longer than N becomes several
 * `content_block_delta` events. Chat: a chunk whose `tool_calls[].function.arguments` is longer than N keeps the
 * first piece (with the call's id, type and name) and is followed by one chunk per further piece carrying only
 * `{index, function: {arguments}}`; a `finish_reason` or `usage` the chunk carried moves to one last chunk after the
 * pieces, so no call ends before its last piece. Responses: a `response.function_call_arguments.delta` becomes
 * several events, and every later event's `sequence_number` is renumbered so they stay strictly increasing.
 * Gemini sends calls whole: nothing to split. New events share their original frame's time; each is one chunk.
 * Fragments that are not JSON objects of the expected shape are left untouched.
 */
import type { Recording, WireId } from '../types';
import { asObj, withData, type Obj } from './events';
import { emit, keep, pieces, rewriteTurns, type EventBlock, type OutBlock, type Rewritten } from './rewrite';

function anthropic(size: number) {
  return (blocks: readonly EventBlock[]): OutBlock[] | null => {
    let touched = false;
    const out: OutBlock[] = [];
    for (const b of blocks) {
      const json = asObj(b.view?.json);
      const delta = asObj(json?.delta);
      const partial = delta?.type === 'input_json_delta' ? delta.partial_json : undefined;
      if (!b.view || !json || !delta || typeof partial !== 'string' || pieces(partial, size).length < 2) {
        out.push(keep(b));
        continue;
      }
      touched = true;
      for (const piece of pieces(partial, size)) {
        out.push(emit(withData(b.view, JSON.stringify({ ...json, delta: { ...delta, partial_json: piece } })), b.block.time));
      }
    }
    return touched ? out : null;
  };
}

/**
 * Splits one Chat chunk; null when it has no call arguments longer than `size` (or more than one choice, which
 * tool-call streams do not use). Each call entry becomes its own run of chunks (first piece with the entry's id,
 * type and name, then `{index, function: {arguments}}` pieces), so calls that arrived together stay one after the
 * other rather than interleaved; the chunk's other delta fields ride on the first chunk, and its `finish_reason`
 * and `usage` on one last chunk.
 */
function splitChatChunk(json: Obj, size: number): Obj[] | null {
  const choices = Array.isArray(json.choices) ? json.choices : null;
  if (!choices || choices.length !== 1) return null;
  const choice = asObj(choices[0]);
  const delta = asObj(choice?.delta);
  const calls = Array.isArray(delta?.tool_calls) ? delta.tool_calls : null;
  if (!choice || !delta || !calls) return null;
  const split = calls.map((e) => {
    const entry = asObj(e);
    const fn = asObj(entry?.function);
    const args = fn?.arguments;
    return entry && fn && typeof args === 'string' ? { entry, fn, parts: pieces(args, size) } : null;
  });
  if (!split.some((x) => x !== null && x.parts.length > 1)) return null;
  const { choices: _c, usage, ...top } = json;
  const { tool_calls: _t, ...otherDelta } = delta;
  const { delta: _d, finish_reason: finish, ...choiceRest } = choice;
  const chunkWith = (d: Obj): Obj => ({ ...top, choices: [{ ...choiceRest, delta: d, finish_reason: null }] });
  const out: Obj[] = [];
  split.forEach((x, j) => {
    const extra = j === 0 ? otherDelta : {};
    if (x === null) {
      out.push(chunkWith({ ...extra, tool_calls: [calls[j]] }));
      return;
    }
    const [head = '', ...rest] = x.parts;
    out.push(chunkWith({ ...extra, tool_calls: [{ ...x.entry, function: { ...x.fn, arguments: head } }] }));
    for (const text of rest) {
      const call: Obj = 'index' in x.entry ? { index: x.entry.index, function: { arguments: text } } : { function: { arguments: text } };
      out.push(chunkWith({ tool_calls: [call] }));
    }
  });
  const hasFinish = finish !== undefined && finish !== null;
  const hasUsage = usage !== undefined && usage !== null;
  if (hasFinish || hasUsage) {
    const last: Obj = { ...top, choices: [{ ...choiceRest, delta: {}, finish_reason: finish ?? null }] };
    if (hasUsage) last.usage = usage;
    out.push(last);
  }
  return out;
}

function chat(size: number) {
  return (blocks: readonly EventBlock[]): OutBlock[] | null => {
    let touched = false;
    const out: OutBlock[] = [];
    for (const b of blocks) {
      const json = asObj(b.view?.json);
      const split = b.view && json ? splitChatChunk(json, size) : null;
      if (!b.view || !split) {
        out.push(keep(b));
        continue;
      }
      touched = true;
      for (const chunk of split) out.push(emit(withData(b.view, JSON.stringify(chunk)), b.block.time));
    }
    return touched ? out : null;
  };
}

function responses(size: number) {
  return (blocks: readonly EventBlock[]): OutBlock[] | null => {
    let added = 0;
    const out: OutBlock[] = [];
    for (const b of blocks) {
      const view = b.view;
      const json = asObj(view?.json);
      if (!view || !json) {
        out.push(keep(b));
        continue;
      }
      const seq = typeof json.sequence_number === 'number' ? json.sequence_number : null;
      const delta = json.type === 'response.function_call_arguments.delta' ? json.delta : undefined;
      const parts = typeof delta === 'string' ? pieces(delta, size) : [];
      if (parts.length >= 2) {
        parts.forEach((piece, k) => {
          const next: Obj = { ...json, delta: piece };
          if (seq !== null) next.sequence_number = seq + added + k;
          out.push(emit(withData(view, JSON.stringify(next)), b.block.time));
        });
        added += parts.length - 1;
      } else if (added > 0 && seq !== null) {
        out.push(emit(withData(view, JSON.stringify({ ...json, sequence_number: seq + added })), b.block.time));
      } else {
        out.push(keep(b));
      }
    }
    return added > 0 ? out : null;
  };
}

export function rechunk(recording: Recording, wire: WireId, size: number): Rewritten {
  switch (wire) {
    case 'anthropic-messages':
      return rewriteTurns(recording, anthropic(size));
    case 'openai-chat':
      return rewriteTurns(recording, chat(size));
    case 'openai-responses':
      return rewriteTurns(recording, responses(size));
    case 'gemini':
      return { recording, changed: [] };
  }
}
