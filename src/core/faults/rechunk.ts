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

interface ChatPiece {
  choice: Obj;
  entry: Obj;
  text: string;
}

/** Splits one Chat chunk; null when nothing in it is longer than `size`. */
function splitChatChunk(json: Obj, size: number): Obj[] | null {
  const choices = Array.isArray(json.choices) ? json.choices : null;
  if (!choices) return null;
  const later: ChatPiece[] = [];
  const held: { choice: Obj; finish: unknown }[] = [];
  const first = choices.map((c) => {
    const choice = asObj(c);
    const delta = asObj(choice?.delta);
    const calls = Array.isArray(delta?.tool_calls) ? delta.tool_calls : null;
    if (!choice || !delta || !calls) return c;
    let split = false;
    const entries = calls.map((e) => {
      const entry = asObj(e);
      const fn = asObj(entry?.function);
      const args = fn?.arguments;
      if (!entry || !fn || typeof args !== 'string') return e;
      const [head = '', ...rest] = pieces(args, size);
      if (rest.length === 0) return e;
      split = true;
      for (const text of rest) later.push({ choice, entry, text });
      return { ...entry, function: { ...fn, arguments: head } };
    });
    if (!split) return c;
    const copy: Obj = { ...choice, delta: { ...delta, tool_calls: entries } };
    if (choice.finish_reason !== undefined && choice.finish_reason !== null) {
      held.push({ choice, finish: choice.finish_reason });
      copy.finish_reason = null;
    }
    return copy;
  });
  if (later.length === 0) return null;
  const { choices: _c, usage, ...top } = json;
  const head: Obj = { ...top, choices: first };
  if (usage !== undefined) head.usage = null;
  const rest = later.map(({ choice, entry, text }): Obj => {
    const call: Obj = 'index' in entry ? { index: entry.index, function: { arguments: text } } : { function: { arguments: text } };
    return { ...top, choices: [{ ...choice, delta: { tool_calls: [call] }, finish_reason: null }] };
  });
  if (held.length > 0 || (usage !== undefined && usage !== null)) {
    const last: Obj = { ...top, choices: held.map((h) => ({ ...h.choice, delta: {}, finish_reason: h.finish })) };
    if (usage !== undefined) last.usage = usage;
    rest.push(last);
  }
  return [head, ...rest];
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
