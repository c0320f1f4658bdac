/**
 * Tool time between the turns of a proxied agent run: which calls a response carried, which results a later request
 * brings back, and the gap between the two.
 *
 * Contract (pure, never throws):
 * - `callsInResponse(wire, bytes, streamed)`: the client tool calls a response carried, in order, as `{id, name}`.
 *   Only ids and names are read, by a small reader per wire (ids as core's ground truth gives them: a Chat index
 *   that comes back with another id is another call, Gemini calls without an id are `gemini-call-K`, K counting
 *   the turn's calls from 0), cheap enough to run at a turn's end without holding up the other streams (core's
 *   whole decoder took 155 ms on its first Anthropic turn in the proxy's process): the SSE events' data lines are
 *   parsed as JSON; a JSON body (a non-streaming turn) is read by its documented shape per wire.
 * - `resultsInRequest(wire, body)`: the tool results a request body carries: Chat `tool` messages' `tool_call_id`,
 *   Anthropic `tool_result` blocks' `tool_use_id`, Responses `function_call_output` items' `call_id`, Gemini
 *   `functionResponse` parts (their `id` when they have one, else their name).
 * - `ToolClock`: `ended(turn, endMs, calls)` when a turn ends; `request(wire, body, atMs)` when a request arrives
 *   returns a `ToolRun` for each call of an ended turn that this request is the first to answer: duration =
 *   atMs - that turn's end (the tool ran, and the agent thought, in between; the proxy cannot tell the two apart),
 *   starting at the turn's end. By id where the wire has ids; Gemini results without an id by name and order: a
 *   request carrying k responses named N answers the first k calls named N of the run. A call is answered once.
 */
import type { WireId } from '../core/types';

export interface CallSeen {
  id: string;
  name: string;
}

export interface ToolRunSeen {
  turn: number;
  callId: string;
  name: string;
  /** When the tool span starts: the end of the turn that asked for it. */
  startMs: number;
  durationMs: number;
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function callsInResponse(wire: WireId, bytes: Uint8Array, streamed: boolean): CallSeen[] {
  try {
    const text = new TextDecoder().decode(bytes);
    if (!streamed) return callsInJson(wire, JSON.parse(text) as unknown);
    return callsInStream(wire, text);
  } catch {
    return [];
  }
}

/** The data of each SSE event (data lines joined with LF), parsed as JSON; events that are not JSON are skipped. */
function* eventData(text: string): Generator<Rec> {
  for (const block of text.split(/\r\n\r\n|\n\n|\r\r/)) {
    const data = block
      .split(/\r\n|\n|\r/)
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(l.startsWith('data: ') ? 6 : 5));
    if (data.length === 0) continue;
    try {
      const value = JSON.parse(data.join('\n')) as unknown;
      if (isRec(value)) yield value;
    } catch {
      // [DONE], a keep-alive, or a broken event: no call in it
    }
  }
}

function callsInStream(wire: WireId, text: string): CallSeen[] {
  const out: CallSeen[] = [];
  const chatOpen = new Map<number, CallSeen>();
  const seen = new Set<string>();
  for (const d of eventData(text)) {
    if (wire === 'openai-chat') {
      for (const choice of list(d.choices)) {
        const delta = isRec(choice) ? choice.delta : undefined;
        for (const tc of list(isRec(delta) ? delta.tool_calls : undefined)) {
          if (!isRec(tc)) continue;
          const index = typeof tc.index === 'number' ? tc.index : 0;
          const name = isRec(tc.function) ? str(tc.function.name) : undefined;
          const id = str(tc.id);
          const open = chatOpen.get(index);
          if (!open || (id !== undefined && id !== '' && id !== open.id)) {
            const call = { id: id ?? '', name: name ?? '' };
            chatOpen.set(index, call);
            out.push(call);
          } else if (name !== undefined && open.name === '') open.name = name;
        }
      }
    } else if (wire === 'anthropic-messages') {
      const blocks = d.type === 'message_start' && isRec(d.message) ? list(d.message.content) : d.type === 'content_block_start' ? [d.content_block] : [];
      for (const b of blocks) if (isRec(b) && b.type === 'tool_use' && str(b.id)) out.push({ id: b.id as string, name: str(b.name) ?? '' });
    } else if (wire === 'openai-responses') {
      const item = d.type === 'response.output_item.added' || d.type === 'response.output_item.done' ? d.item : undefined;
      const id = isRec(item) && item.type === 'function_call' ? str(item.call_id) : undefined;
      if (isRec(item) && id !== undefined && !seen.has(id)) {
        seen.add(id);
        out.push({ id, name: str(item.name) ?? '' });
      }
    } else {
      const candidate = list(d.candidates)[0];
      const content = isRec(candidate) ? candidate.content : undefined;
      for (const part of list(isRec(content) ? content.parts : undefined)) {
        const fc = isRec(part) ? part.functionCall : undefined;
        const name = isRec(fc) ? str(fc.name) : undefined;
        if (isRec(fc) && name) out.push({ id: str(fc.id) ?? `gemini-call-${out.length}`, name });
      }
    }
  }
  return out;
}

function callsInJson(wire: WireId, body: unknown): CallSeen[] {
  if (!isRec(body)) return [];
  const out: CallSeen[] = [];
  const add = (id: unknown, name: unknown) => {
    if (typeof name === 'string') out.push({ id: typeof id === 'string' ? id : '', name });
  };
  if (wire === 'openai-chat') {
    for (const choice of list(body.choices)) {
      const message = isRec(choice) ? choice.message : undefined;
      for (const call of list(isRec(message) ? message.tool_calls : undefined)) if (isRec(call)) add(call.id, isRec(call.function) ? call.function.name : undefined);
    }
  } else if (wire === 'anthropic-messages') {
    for (const block of list(body.content)) if (isRec(block) && block.type === 'tool_use') add(block.id, block.name);
  } else if (wire === 'openai-responses') {
    for (const item of list(body.output)) if (isRec(item) && item.type === 'function_call') add(item.call_id, item.name);
  } else {
    const candidate = list(body.candidates)[0];
    const content = isRec(candidate) ? candidate.content : undefined;
    for (const part of list(isRec(content) ? content.parts : undefined)) {
      if (isRec(part) && isRec(part.functionCall)) add(part.functionCall.id ?? `gemini-call-${out.length}`, part.functionCall.name);
    }
  }
  return out;
}

export interface ResultsSeen {
  ids: Set<string>;
  /** Gemini responses without an id: how many carry each name. */
  names: Map<string, number>;
}

export function resultsInRequest(wire: WireId, body: unknown): ResultsSeen {
  const ids = new Set<string>();
  const names = new Map<string, number>();
  if (!isRec(body)) return { ids, names };
  if (wire === 'openai-chat') {
    for (const m of list(body.messages)) if (isRec(m) && m.role === 'tool' && str(m.tool_call_id)) ids.add(m.tool_call_id as string);
  } else if (wire === 'anthropic-messages') {
    for (const m of list(body.messages)) {
      for (const block of list(isRec(m) ? m.content : undefined)) if (isRec(block) && block.type === 'tool_result' && str(block.tool_use_id)) ids.add(block.tool_use_id as string);
    }
  } else if (wire === 'openai-responses') {
    for (const item of list(body.input)) if (isRec(item) && item.type === 'function_call_output' && str(item.call_id)) ids.add(item.call_id as string);
  } else {
    for (const c of list(body.contents)) {
      for (const part of list(isRec(c) ? c.parts : undefined)) {
        const r = isRec(part) ? part.functionResponse : undefined;
        if (!isRec(r)) continue;
        const id = str(r.id);
        const name = str(r.name);
        if (id) ids.add(id);
        else if (name !== undefined) names.set(name, (names.get(name) ?? 0) + 1);
      }
    }
  }
  return { ids, names };
}

interface Pending extends CallSeen {
  turn: number;
  endMs: number;
  answered: boolean;
}

export class ToolClock {
  private readonly calls: Pending[] = [];
  /** How many calls have been answered (tool times written). */
  answered = 0;

  ended(turn: number, endMs: number, calls: readonly CallSeen[]): void {
    for (const c of calls) this.calls.push({ ...c, turn, endMs, answered: false });
  }

  request(wire: WireId, body: unknown, atMs: number): ToolRunSeen[] {
    const seen = resultsInRequest(wire, body);
    const out: ToolRunSeen[] = [];
    const answer = (c: Pending) => {
      if (c.answered) return;
      c.answered = true;
      this.answered++;
      out.push({ turn: c.turn, callId: c.id, name: c.name, startMs: c.endMs, durationMs: Math.max(0, Math.round((atMs - c.endMs) * 10) / 10) });
    };
    for (const c of this.calls) if (c.id !== '' && seen.ids.has(c.id)) answer(c);
    for (const [name, count] of seen.names) {
      let left = count;
      for (const c of this.calls) {
        if (left === 0) break;
        if (c.name !== name || (c.id !== '' && seen.ids.has(c.id))) continue;
        left--;
        answer(c);
      }
    }
    return out.sort((a, b) => a.turn - b.turn);
  }
}
