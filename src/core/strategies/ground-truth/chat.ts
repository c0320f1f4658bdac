/**
 * Ground truth on OpenAI Chat Completions, read from each chunk's own fields.
 *
 * Contract: `data: [DONE]` (whitespace around it allowed) ends every call of the turn. In a JSON chunk only the
 * choice with index 0 counts (position when it has no index): each `delta.tool_calls[]` entry is keyed by its
 * `index` (its position in the array when it has none); a non-empty `id` or `function.name` starts (or names) the
 * call, a string `function.arguments` is a fragment; a non-null `finish_reason` ends every call of the turn.
 */
import type { Frame } from '../../types';
import { index, list, name, parse, rec, text } from './plain';
import type { Tracer } from './tracer';

function isDone(data: string): boolean {
  return data.trim() === '[DONE]';
}

/** True when a chunk can hold nothing for calls: no tool_calls text and every finish_reason null. */
function skippable(data: string): boolean {
  if (data.includes('tool_calls')) return false;
  let at = data.indexOf('finish_reason');
  while (at >= 0) {
    let i = at + 'finish_reason'.length + 1; // past the closing quote
    while (i < data.length && (data[i] === ' ' || data[i] === ':' || data[i] === '\n' || data[i] === '\t' || data[i] === '\r')) i++;
    if (!data.startsWith('null', i)) return false;
    at = data.indexOf('finish_reason', i);
  }
  return true;
}

export function readChat(t: Tracer, frame: Frame): void {
  const data = frame.data;
  if (isDone(data)) return t.endAll(frame.index);
  if (skippable(data)) return;
  const choices = list(rec(parse(data))?.choices);
  if (choices === undefined) return;
  choices.forEach((c, p) => {
    const choice = rec(c);
    if (choice === undefined || (typeof choice.index === 'number' ? choice.index : p) !== 0) return;
    const calls = list(rec(choice.delta)?.tool_calls) ?? [];
    calls.forEach((e, q) => {
      const entry = rec(e);
      if (entry === undefined) return;
      const key = index(entry.index) ?? String(q);
      const fn = rec(entry.function);
      const id = name(entry.id);
      const fname = name(fn?.name);
      if (id !== undefined || fname !== undefined) t.start(key, frame.index, id, fname);
      const piece = text(fn?.arguments);
      if (piece !== undefined) t.fragment(key, frame.index, piece);
    });
    if (name(choice.finish_reason) !== undefined) t.endAll(frame.index);
  });
}
