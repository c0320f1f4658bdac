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
import type { FrameFields, Signal } from '../../../../src/core/types';
import type { WireAdapter } from './adapter';
import { createHoleSet, findHole, MISS, rootValue, type HoleSet, type Template } from '../../../../src/core/wire/envelope';
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
  type Scratch as SignalSink,
} from '../../../../src/core/wire/read';
import { usage } from './usage';

const DONE = ignored('done');
const EMPTY_DELTA = ignored('empty-delta');
const NO_CHOICES = ignored('no-choices');
const WITHOUT_INDEX = ignored('tool-call-without-index');
const SINK = createSink();

/** `[DONE]` with optional surrounding whitespace, checked without allocating. */
function isDone(data: string): boolean {
  let a = 0;
  let b = data.length;
  while (a < b && data.charCodeAt(a) <= 32) a++;
  while (b > a && data.charCodeAt(b - 1) <= 32) b--;
  return b - a === 6 && data.startsWith('[DONE]', a);
}

function toolCalls(calls: readonly unknown[], out: SignalSink): void {
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
    if (id !== undefined || name !== undefined) {
      const s: { kind: 'call-start'; key: string; id?: string; name?: string } = { kind: 'call-start', key };
      if (id !== undefined) s.id = id;
      if (name !== undefined) s.name = name;
      out.push(s);
    }
    const text = str(fn?.arguments);
    if (text !== undefined) out.push({ kind: 'args', key, text });
  }
}

function choice(ch: Record<string, unknown>, deltaValue: unknown, out: SignalSink): void {
  const delta = obj(deltaValue);
  if (delta !== undefined) {
    const reasoning = nonEmpty(delta.reasoning_content) ?? nonEmpty(delta.reasoning);
    if (reasoning !== undefined) out.push({ kind: 'reasoning', text: reasoning });
    const content = nonEmpty(delta.content);
    if (content !== undefined) out.push({ kind: 'text', text: content });
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
 * chunk only its argument fragment (envelope.ts reads the deepest template that fits), whatever its `obfuscation`.
 */
const DELTA_PATH = ['choices', 0, 'delta'] as const;
const DELTA_PARTS = [['content'], ['tool_calls', 0, 'function', 'arguments'], []] as const;
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
function chunk(d: Record<string, unknown>, hole: unknown): Signal[] {
  const out = SINK.begin();
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
  if (out.length === 0) out.push(choices === undefined ? NO_CHOICES : EMPTY_DELTA);
  return out.take();
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
    const probe = chunk(t.base as Record<string, unknown>, rootValue(set));
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

/** The one signal of a chunk whose template `oneSignal` vouched for. */
function holeSignal(set: HoleSet, hole: string): Signal {
  if (set.hit === CONTENT_READER) return { kind: 'text', text: hole };
  const r = set.readers[ARGS_READER] as HoleSet['readers'][number];
  return { kind: 'args', key: keyOf(r.index) as string, text: hole };
}

function step(state: ChatState, frame: FrameFields): Signal[] {
  const data = frame.data;
  if (isDone(data)) return [DONE];
  const set = state.holes;
  if (findHole(set, data)) {
    const hole = set.hole;
    if (typeof hole === 'string' && (set.hit === ARGS_READER || (set.hit === CONTENT_READER && hole !== '')) && oneSignal(set)) return [holeSignal(set, hole)];
    return chunk(set.base as Record<string, unknown>, rootValue(set));
  }
  const parsed = parseData(data);
  if (parsed === INVALID) return [INVALID_JSON];
  const d = obj(parsed);
  if (d === undefined) return [NOT_AN_OBJECT];
  return chunk(d, MISS);
}

/** Whether a frame's signals hold the `[DONE]` marker (a plain loop: this runs once per frame in bulk). */
function isDoneSignals(signals: readonly Signal[]): boolean {
  for (let i = 0; i < signals.length; i++) {
    const s = signals[i] as Signal;
    if (s.kind === 'ignored' && s.why === 'done') return true;
  }
  return false;
}

export const openaiChat: WireAdapter<ChatState> = {
  wire: 'openai-chat',
  init: (options) => ({ holes: createHoleSet(DELTA_PATH, DELTA_PARTS, options?.envelopes !== false, PAD, CALL_INDEX) }),
  step,
  isTerminal: isDoneSignals,
};
