/**
 * Gemini `streamGenerateContent?alt=sse` -> signals.
 *
 * Contract: each data is one GenerateContentResponse (a JSON array of them, as the non-SSE stream sends, is read
 * element by element). Only `candidates[0]` is read; other candidates -> ignored 'candidate:<i>'. Its
 * `content.parts[]` in order: `text` with `thought: true` -> reasoning, other non-empty `text` -> text;
 * `functionCall {name, args, id?}` -> call-complete{key, id: id ?? 'gemini-call-<key>', name, args:
 * JSON.stringify(args ?? {})}, where key is the call's position among the turn's functionCall parts ('0', '1', ...),
 * for a call sent whole (older Gemini streams, and Gemini 3 calls without arguments); other parts -> ignored
 * 'part:<field>'. Gemini 3 streamed arguments (`streamFunctionCallArguments`): a `functionCall` with a `name` and
 * `willContinue: true` opens one logical call -> call-start{key, id: id ?? 'gemini-call-<key>', name}; the following parts' `partialArgs`
 * (leaf values by `jsonPath`, gemini-args.ts) -> args{key, text} with the JSON text they add; the call ends at a
 * part that says no more is coming (an empty `functionCall: {}`, or `partialArgs` with neither the call nor any
 * entry continuing) -> args{key, closing text} then call-end{key} (call-end{key, args: '{}'} when no argument came).
 * A part that only says `willContinue: true` -> ignored 'call-continues'; an empty functionCall with no call open
 * -> ignored 'stray-call-end'; `partialArgs` with no call open open one with no name (the timeline names that);
 * a new named call while one is open ends the open one first. A call still open at finishReason stays open (cut). Then `finishReason` -> finish (the
 * terminal signal: Gemini has no end event), `usageMetadata` -> usage{promptTokenCount, candidatesTokenCount +
 * thoughtsTokenCount}, an `error` object -> error{message, errorType: status}. `promptFeedback.blockReason` ->
 * finish 'blocked:<reason>'.
 */
import { stringifyDeep } from '../../../../src/core/wire/safe-json';
import type { FrameFields, Signal } from '../../../../src/core/types';
import type { WireAdapter } from './adapter';
import { PartialArgsWriter } from '../../../../src/core/wire/gemini-args';
import {
  INVALID,
  INVALID_JSON,
  DONE,
  isDone,
  NOT_AN_OBJECT,
  type Obj,
  arr,
  errorSignal,
  ignored,
  keyOf,
  malformed,
  nonEmpty,
  num,
  obj,
  parseData,
  str,
} from '../../../../src/core/wire/read';
import { usage } from './usage';

export interface GeminiState {
  /** Logical calls seen so far in the turn (whole parts and streamed calls). */
  calls: number;
  /** The streamed call whose arguments are still arriving. */
  open?: { key: string; writer: PartialArgsWriter };
}

const CONTINUES = ignored('call-continues');
const STRAY_END = ignored('stray-call-end');

function closeOpen(state: GeminiState, out: Signal[]): void {
  const open = state.open;
  if (open === undefined) return;
  state.open = undefined;
  const wrote = open.writer.wrote;
  const closing = open.writer.close();
  if (wrote) out.push({ kind: 'args', key: open.key, text: closing }, { kind: 'call-end', key: open.key });
  else out.push({ kind: 'call-end', key: open.key, args: closing });
}

/** A streamed call's part: its partialArgs are written, and it closes the call when nothing more is to come. */
function streamed(state: GeminiState, fc: Obj, partial: readonly unknown[] | undefined, out: Signal[]): void {
  const open = state.open as { key: string; writer: PartialArgsWriter };
  let more = fc.willContinue === true;
  if (partial !== undefined) {
    let text = '';
    for (const entry of partial) {
      text += open.writer.write(entry);
      if (obj(entry)?.willContinue === true) more = true;
    }
    if (text !== '') out.push({ kind: 'args', key: open.key, text });
  }
  if (!more) closeOpen(state, out);
  else if (partial === undefined) out.push(CONTINUES);
}

function functionCall(state: GeminiState, fc: Obj, out: Signal[]): void {
  const name = nonEmpty(fc.name);
  const partial = arr(fc.partialArgs);
  const continues = fc.willContinue === true;
  const hasArgs = fc.args !== undefined && fc.args !== null;
  if (state.open !== undefined && name === undefined && !hasArgs) return streamed(state, fc, partial, out);
  if (state.open !== undefined) closeOpen(state, out);
  if (!hasArgs && (continues || partial !== undefined)) {
    const key = keyOf(state.calls++) as string;
    const start: { kind: 'call-start'; key: string; id?: string; name?: string } = { kind: 'call-start', key };
    start.id = nonEmpty(fc.id) ?? 'gemini-call-' + key;
    if (name !== undefined) start.name = name;
    out.push(start);
    state.open = { key, writer: new PartialArgsWriter() };
    if (partial !== undefined) streamed(state, fc, partial, out);
    return;
  }
  if (name === undefined && !hasArgs && fc.id === undefined) {
    out.push(STRAY_END);
    return;
  }
  const key = keyOf(state.calls++) as string;
  out.push({
    kind: 'call-complete',
    key,
    id: nonEmpty(fc.id) ?? 'gemini-call-' + key,
    name: str(fc.name) ?? '',
    args: hasArgs ? stringifyDeep(fc.args) : '{}',
  });
}

const EMPTY = ignored('empty-chunk');
const EMPTY_TEXT = ignored('empty-text');
const THOUGHT_SIGNATURE = ignored('part:thoughtSignature');

function part(state: GeminiState, p: Obj, out: Signal[]): void {
  const text = str(p.text);
  if (text !== undefined) {
    if (text === '') out.push(p.thoughtSignature !== undefined ? THOUGHT_SIGNATURE : EMPTY_TEXT);
    else out.push({ kind: p.thought === true ? 'reasoning' : 'text', text });
    return;
  }
  const fc = obj(p.functionCall);
  if (fc !== undefined) {
    functionCall(state, fc, out);
    return;
  }
  if (p.functionCall !== undefined) {
    out.push(malformed('part.functionCall'));
    return;
  }
  let field = '(none)';
  for (const k in p) {
    field = k;
    break;
  }
  out.push(ignored('part:' + field));
}

function response(state: GeminiState, d: Obj, out: Signal[]): void {
  if (d.error !== undefined && d.error !== null) out.push(errorSignal(d.error));
  const candidates = arr(d.candidates);
  if (candidates !== undefined) {
    for (let i = 0; i < candidates.length; i++) {
      const c = obj(candidates[i]);
      if (c === undefined) {
        out.push(malformed(`candidates[${i}]`));
        continue;
      }
      const index = num(c.index) ?? i;
      if (index !== 0) {
        out.push(ignored('candidate:' + index));
        continue;
      }
      const parts = obj(c.content)?.parts;
      if (parts !== undefined) {
        const list = arr(parts);
        if (list === undefined) out.push(malformed('content.parts'));
        else
          for (let j = 0; j < list.length; j++) {
            const p = obj(list[j]);
            if (p === undefined) out.push(malformed(`content.parts[${j}]`));
            else part(state, p, out);
          }
      }
      const reason = nonEmpty(c.finishReason);
      if (reason !== undefined) out.push({ kind: 'finish', reason });
    }
  }
  const blocked = nonEmpty(obj(d.promptFeedback)?.blockReason);
  if (blocked !== undefined) out.push({ kind: 'finish', reason: 'blocked:' + blocked });
  const u = obj(d.usageMetadata);
  if (u !== undefined) {
    const c = num(u.candidatesTokenCount);
    const t = num(u.thoughtsTokenCount);
    const us = usage(u.promptTokenCount, c === undefined && t === undefined ? undefined : (c ?? 0) + (t ?? 0));
    if (us !== undefined) out.push(us);
  }
}

function step(state: GeminiState, frame: FrameFields): Signal[] {
  const parsed = parseData(frame.data);
  if (parsed === INVALID) return [isDone(frame.data) ? DONE : INVALID_JSON];
  const out: Signal[] = [];
  const list = arr(parsed);
  if (list !== undefined) {
    for (const item of list) {
      const d = obj(item);
      if (d === undefined) out.push(NOT_AN_OBJECT);
      else response(state, d, out);
    }
  } else {
    const d = obj(parsed);
    if (d === undefined) return [NOT_AN_OBJECT];
    response(state, d, out);
  }
  if (out.length === 0) out.push(EMPTY);
  return out;
}

export const gemini: WireAdapter<GeminiState> = {
  wire: 'gemini',
  init: () => ({ calls: 0 }),
  step,
  isTerminal: (signals) => signals.some((s) => s.kind === 'finish'),
};
