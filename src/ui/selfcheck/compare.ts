/**
 * Self-check: does our assembly reproduce the message the recorder's client assembled (the turn's `final`)?
 *
 * Contract: pure and total (never throws, whatever the recorded message holds). `readRecordedMessage` reads the
 * four wires' assembled-message shapes (Anthropic Message; Chat completion or its message; Responses response;
 * Gemini response) into text + calls, or returns null for a shape it does not know. `compareAssembly` returns the
 * first difference, checking in order: text, number of calls, then per call id, name, arguments. Arguments compare
 * byte for byte when the recording holds them as a string (Chat, Responses); when it holds an object (Anthropic
 * `input`, Gemini `args`) our text is parsed and both sides are serialized the same way. Call ids may be ignored
 * (the recording's note says they differ, e.g. a server's random ids): then a match says so. Arguments of any depth
 * compare (serialized without recursion).
 */
import { inWireOrder } from '../../core/strategies/call-order';
import type { Session, TurnIndex, WireId } from '../../core/types';
import { stringifyDeep } from '../../core/wire/safe-json';
import { endSignal, firstSignal, signalText, SK } from '../../core/wire/signal-table';

export interface AssembledCall {
  id: string;
  name: string;
  /** Our arguments text, or the recorded arguments (a string, or an already-parsed object). */
  args: unknown;
}

export interface Assembly {
  text: string;
  calls: AssembledCall[];
}

export type SelfCheckResult =
  | { kind: 'match'; idsIgnored: boolean }
  | { kind: 'differ'; path: string; ours: string; recorded: string }
  | { kind: 'unknown' };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const asString = (v: unknown): string => (typeof v === 'string' ? v : '');

function readAnthropic(m: Record<string, unknown>): Assembly | null {
  if (!Array.isArray(m.content)) return null;
  const out: Assembly = { text: '', calls: [] };
  for (const block of m.content) {
    if (!isObject(block)) continue;
    if (block.type === 'text') out.text += asString(block.text);
    else if (block.type === 'tool_use') out.calls.push({ id: asString(block.id), name: asString(block.name), args: block.input });
  }
  return out;
}

function readChat(m: Record<string, unknown>): Assembly | null {
  const choice = asArray(m.choices)[0];
  const message = isObject(choice) && isObject(choice.message) ? choice.message : m;
  if (!('content' in message) && !('tool_calls' in message)) return null;
  const calls = asArray(message.tool_calls).filter(isObject).map((c) => {
    const fn = isObject(c.function) ? c.function : {};
    return { id: asString(c.id), name: asString(fn.name), args: asString(fn.arguments) };
  });
  return { text: asString(message.content), calls };
}

function readResponses(m: Record<string, unknown>): Assembly | null {
  const response = isObject(m.response) ? m.response : m;
  if (!Array.isArray(response.output)) return null;
  const out: Assembly = { text: '', calls: [] };
  for (const item of response.output) {
    if (!isObject(item)) continue;
    if (item.type === 'function_call') {
      out.calls.push({ id: asString(item.call_id ?? item.id), name: asString(item.name), args: asString(item.arguments) });
    } else if (item.type === 'message') {
      for (const part of asArray(item.content)) if (isObject(part) && part.type === 'output_text') out.text += asString(part.text);
    }
  }
  return out;
}

function readGemini(m: Record<string, unknown>): Assembly | null {
  const candidate = asArray(m.candidates)[0];
  const content = isObject(candidate) && isObject(candidate.content) ? candidate.content : m;
  if (!Array.isArray(content.parts)) return null;
  const out: Assembly = { text: '', calls: [] };
  for (const part of content.parts) {
    if (!isObject(part)) continue;
    if (typeof part.text === 'string' && part.thought !== true) out.text += part.text;
    if (isObject(part.functionCall)) {
      const fc = part.functionCall;
      out.calls.push({ id: asString(fc.id), name: asString(fc.name), args: fc.args ?? {} });
    }
  }
  return out;
}

/** Reads a recorded assembled message into text + calls, or null when its shape is unknown for the wire. */
export function readRecordedMessage(wire: WireId, message: unknown): Assembly | null {
  if (!isObject(message)) return null;
  switch (wire) {
    case 'anthropic-messages':
      return readAnthropic(message);
    case 'openai-chat':
      return readChat(message);
    case 'openai-responses':
      return readResponses(message);
    case 'gemini':
      return readGemini(message);
  }
}

/** A short quoted excerpt of both sides from their first differing character. */
function excerpts(ours: string, recorded: string): { ours: string; recorded: string } {
  let i = 0;
  while (i < ours.length && i < recorded.length && ours[i] === recorded[i]) i++;
  const from = Math.max(0, i - 8);
  const cut = (s: string) => (from >= s.length ? "''" : JSON.stringify(s.slice(from, from + 32)));
  return { ours: cut(ours), recorded: cut(recorded) };
}

/** JSON text of a value at any depth (JSON.stringify overflows near 4,000 levels); '' for undefined. */
const serialize = (v: unknown): string => (v === undefined ? '' : stringifyDeep(v));

function serializeArgs(ours: unknown, recorded: unknown): { ours: string; recorded: string } {
  if (typeof recorded === 'string') return { ours: typeof ours === 'string' ? ours : serialize(ours), recorded };
  let parsed: unknown = ours;
  if (typeof ours === 'string') {
    try {
      parsed = JSON.parse(ours);
    } catch {
      return { ours, recorded: serialize(recorded) };
    }
  }
  return { ours: serialize(parsed), recorded: serialize(recorded) };
}

export function compareAssembly(ours: Assembly, recorded: Assembly, ignoreIds: boolean): SelfCheckResult {
  const differ = (path: string, a: string, b: string): SelfCheckResult => ({ kind: 'differ', path, ...excerpts(a, b) });
  if (ours.text !== recorded.text) return differ('text', ours.text, recorded.text);
  if (ours.calls.length !== recorded.calls.length) {
    return { kind: 'differ', path: 'calls.length', ours: String(ours.calls.length), recorded: String(recorded.calls.length) };
  }
  let idsDiffer = false;
  for (let i = 0; i < ours.calls.length; i++) {
    const a = ours.calls[i] as AssembledCall;
    const b = recorded.calls[i] as AssembledCall;
    if (a.id !== b.id) {
      if (!ignoreIds) return differ(`calls[${i}].id`, a.id, b.id);
      idsDiffer = true;
    }
    if (a.name !== b.name) return differ(`calls[${i}].name`, a.name, b.name);
    const args = serializeArgs(a.args, b.args);
    if (args.ours !== args.recorded) return differ(`calls[${i}].arguments`, args.ours, args.recorded);
  }
  return { kind: 'match', idsIgnored: idsDiffer };
}

/** True when a note of the recording says the call ids differ (a server's random ids, for example). */
export function notesSayIdsDiffer(notes: readonly (string | undefined)[]): boolean {
  return notes.some((n) => n !== undefined && /\bids?\b|调用\s*id/i.test(n) && /differ|random|not the same|不同|随机/i.test(n));
}

/** Our assembly of one turn: its text signals and the per-call-buffer strategy's calls, in the order they started. */
export function assembleTurn(session: Session, turn: TurnIndex): Assembly {
  let text = '';
  for (let i = 0; i < session.frames.count; i++) {
    if (session.frames.turn[i] !== turn) continue;
    const end = endSignal(session.signals, i);
    for (let k = firstSignal(session.signals, i); k < end; k++) if (session.signals.kind[k] === SK.text) text += signalText(session.signals, k);
  }
  const calls = inWireOrder(
    session.strategies['per-call-buffer'].calls.filter((c) => c.turn === turn),
    session.carried,
  ).map((c) => ({ id: c.id, name: c.name, args: c.argsText }));
  return { text, calls };
}

export interface TurnSelfCheck {
  turn: TurnIndex;
  result: SelfCheckResult;
}

/** Checks every turn that has a recorded `final` message; turns without one are left out. */
export function selfCheck(session: Session): TurnSelfCheck[] {
  const { header } = session.recording;
  const out: TurnSelfCheck[] = [];
  for (const turn of session.recording.turns) {
    if (!turn.final) continue;
    const recorded = readRecordedMessage(session.wire, turn.final.message);
    if (!recorded) {
      out.push({ turn: turn.index, result: { kind: 'unknown' } });
      continue;
    }
    const ignoreIds = notesSayIdsDiffer([header.provenance?.notes, turn.end?.note]);
    out.push({ turn: turn.index, result: compareAssembly(assembleTurn(session, turn.index), recorded, ignoreIds) });
  }
  return out;
}
