/**
 * OpenAI Chat Completions (and compatible servers: vLLM, llama.cpp, Ollama, mlx_lm) -> signals.
 *
 * Contract: `data: [DONE]` (padding allowed) -> ignored 'done', the terminal event. Otherwise one JSON chunk:
 * - an `error` key -> error{message, errorType};
 * - `choices[]`: only the choice with index 0 is read (a choice without `index` counts by its position); any other
 *   choice -> ignored 'choice:<index>'. In order: `delta.reasoning_content` (else `delta.reasoning`), non-empty ->
 *   reasoning; `delta.content`, non-empty -> text; each `delta.tool_calls[]` entry -> call-start{key,id?,name?}
 *   whenever a non-empty id or name is present (every time: a reused index is for the strategies and the timeline to
 *   judge), then args{key,text} whenever `function.arguments` is a string (the empty string too); then
 *   finish{reason} for a non-null `finish_reason`;
 * - a `usage` object -> usage{prompt_tokens, completion_tokens} (also when `choices` is empty).
 * The key is `String(tool_calls[i].index)`; an entry without a numeric index uses its position in the array and is
 * preceded by ignored 'tool-call-without-index' (ollama#7881), so the omission stays visible.
 * A chunk that yields nothing else yields ignored 'empty-delta' (e.g. the first `{role:"assistant"}` chunk), or
 * ignored 'no-choices' when it has neither choices, usage nor error.
 */
import type { FrameFields } from '../types';
import type { WireAdapter } from './adapter';
import type { SignalOut } from './signal-builder';
import { SK, endSignal, firstSignal, textIs, type SignalTable } from './signal-table';
import { createHoleSet, findHole, MISS, noteParsed, rootValue, type HoleSet, type Template } from './envelope';
import {
  INVALID,
  INVALID_JSON,
  NOT_AN_OBJECT,
  arr,
  createSink,
  errorSignal,
  ignored,
  keyOf,
  malformed,
  nonEmpty,
  num,
  obj,
  parseData,
  str,
  usage,
  DONE,
  isDone,
} from './read';

const EMPTY_DELTA = ignored('empty-delta');
const NO_CHOICES = ignored('no-choices');
const WITHOUT_INDEX = ignored('tool-call-without-index');
/** The template probe's scratch list (`oneSignal`). */
const PROBE_SINK = createSink();


function toolCalls(calls: readonly unknown[], out: SignalOut): void {
  for (let p = 0; p < calls.length; p++) {
    const c = obj(calls[p]);
    if (c === undefined) {
      out.push(malformed(`tool_calls[${p}]`));
      continue;
    }
    let key = keyOf(c.index);
    if (key === undefined) {
      out.push(WITHOUT_INDEX);
      key = keyOf(p) as string;
    }
    const fn = obj(c.function);
    const id = nonEmpty(c.id);
    const name = nonEmpty(fn?.name);
    // one shape (an undefined id or name reads as absent): see anthropic-messages.ts blockStart
    if (id !== undefined || name !== undefined) out.push({ kind: 'call-start', key, id, name });
    const text = str(fn?.arguments);
    if (text !== undefined) out.args(key, text);
  }
}

function choice(ch: Record<string, unknown>, deltaValue: unknown, out: SignalOut): void {
  const delta = obj(deltaValue);
  if (delta !== undefined) {
    const reasoning = nonEmpty(delta.reasoning_content) ?? nonEmpty(delta.reasoning);
    if (reasoning !== undefined) out.reasoning(reasoning);
    const content = nonEmpty(delta.content);
    if (content !== undefined) out.text(content);
    const calls = delta.tool_calls;
    if (calls !== undefined && calls !== null) {
      const list = arr(calls);
      if (list === undefined) out.push(malformed('delta.tool_calls'));
      else toolCalls(list, out);
    }
  }
  const reason = nonEmpty(ch.finish_reason);
  if (reason !== undefined) out.push({ kind: 'finish', reason });
}

/**
 * The envelope's changing part is the first choice's delta: a text chunk changes only its `content`, a tool-call
 * chunk only its argument fragment, a call's first chunk only its id when its name and first fragment are those of
 * an earlier call's (envelope.ts reads the deepest template that fits), whatever its `obfuscation`.
 */
const DELTA_PATH = ['choices', 0, 'delta'] as const;
const DELTA_PARTS = [['content'], ['tool_calls', 0, 'function', 'arguments'], ['tool_calls', 0, 'id'], []] as const;
/** OpenAI pads every chunk with a random string of random length after `choices` (never read here). */
const PAD = ['obfuscation'] as const;
/** Parallel calls' fragments differ in their index as well as in their text. */
const CALL_INDEX = ['tool_calls', 0, 'index'] as const;

interface ChatState {
  holes: HoleSet;
}

/**
 * One chunk's signals. `hole` is choices[0].delta when `d` is a shared envelope whose delta was parsed alone
 * (envelope.ts), else MISS and `d` is the whole chunk.
 */
function chunk(d: Record<string, unknown>, hole: unknown, out: SignalOut): void {
  const before = out.length;
  if (d.error !== undefined && d.error !== null) out.push(errorSignal(d.error));
  const choices = arr(d.choices);
  if (choices !== undefined) {
    for (let p = 0; p < choices.length; p++) {
      const ch = obj(choices[p]);
      if (ch === undefined) {
        out.push(malformed(`choices[${p}]`));
        continue;
      }
      const index = num(ch.index) ?? p;
      if (index === 0) choice(ch, p === 0 && hole !== MISS ? hole : ch.delta, out);
      else out.push(ignored('choice:' + index));
    }
  } else if (d.choices !== undefined && d.choices !== null) {
    out.push(malformed('choices'));
  }
  const u = obj(d.usage);
  const us = u === undefined ? undefined : usage(u.prompt_tokens, u.completion_tokens);
  if (us !== undefined) out.push(us);
  if (out.length === before) out.push(choices === undefined ? NO_CHOICES : EMPTY_DELTA);
}

/** The readers (DELTA_PARTS) whose hole is a text or an argument fragment. */
const CONTENT_READER = 0;
const ARGS_READER = 1;
const PROBE = '\u0000probe';

/**
 * Per template of the text and arguments readers: whether a chunk through it yields exactly one signal carrying its
 * hole, found once by running `chunk` on the template with a probe string in the hole. `chunk` reads the hole
 * only as the content or arguments string and the index only as the call's key, so every chunk that fits the
 * template (a non-empty text; any argument string and index, when the index is open) yields that one signal with
 * its own hole and key:
 * `step` then builds it directly, without copying the delta. Anything else takes the general path.
 */
const ONE_SIGNAL = new WeakMap<Template, boolean>();

/** The template asked about last, and its answer: most frames come through one template. */
let lastTemplate: Template | undefined;
let lastOne = false;

function oneSignal(set: HoleSet): boolean {
  const r = set.readers[set.hit] as HoleSet['readers'][number];
  const t = r.template as Template;
  if (t === lastTemplate) return lastOne;
  let known = ONE_SIGNAL.get(t);
  if (known === undefined) {
    const hole = set.hole;
    const index = r.index;
    set.hole = PROBE;
    r.index = t.index?.value ?? -1;
    const sink = PROBE_SINK.begin();
    chunk(t.base as Record<string, unknown>, rootValue(set), sink);
    const probe = sink.take();
    set.hole = hole;
    r.index = index;
    const only = probe.length === 1 ? probe[0] : undefined;
    known =
      set.hit === CONTENT_READER
        ? only?.kind === 'text' && only.text === PROBE
        : t.index !== undefined && only?.kind === 'args' && only.text === PROBE && only.key === keyOf(t.index.value);
    ONE_SIGNAL.set(t, known);
  }
  lastTemplate = t;
  lastOne = known;
  return known;
}

/** Writes the one signal of a chunk whose template `oneSignal` vouched for. */
function holeSignal(set: HoleSet, hole: string, out: SignalOut): void {
  if (set.hit === CONTENT_READER) return out.text(hole);
  const r = set.readers[ARGS_READER] as HoleSet['readers'][number];
  out.args(keyOf(r.index) as string, hole);
}

function step(state: ChatState, frame: FrameFields, out: SignalOut): void {
  const data = frame.data;
  if (isDone(data)) return out.push(DONE);
  const set = state.holes;
  if (findHole(set, data)) {
    const hole = set.hole;
    if (typeof hole === 'string' && (set.hit === ARGS_READER || (set.hit === CONTENT_READER && hole !== '')) && oneSignal(set)) return holeSignal(set, hole, out);
    return chunk(set.base as Record<string, unknown>, rootValue(set), out);
  }
  const parsed = parseData(data);
  if (parsed === INVALID) return out.push(INVALID_JSON);
  const d = obj(parsed);
  if (d === undefined) return out.push(NOT_AN_OBJECT);
  noteParsed(set, d);
  chunk(d, MISS, out);
}

/** Whether frame f's signals hold the `[DONE]` marker (read in place: this runs once per frame in bulk). */
function isDoneSignals(t: SignalTable, f: number): boolean {
  for (let i = firstSignal(t, f), end = endSignal(t, f); i < end; i++) if (t.kind[i] === SK.ignored && textIs(t, i, 'done')) return true;
  return false;
}

export const openaiChat: WireAdapter<ChatState> = {
  wire: 'openai-chat',
  init: (options, previous) => ({ holes: previous?.holes ?? createHoleSet(DELTA_PATH, DELTA_PARTS, options?.envelopes !== false, PAD, CALL_INDEX) }),
  step,
  isTerminal: isDoneSignals,
};
