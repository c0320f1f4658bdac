/**
 * The Anthropic adapter's envelope fast path (installed into anthropic-messages.ts by `enableHoleMatchers()`,
 * template-match.ts: the workers, the CLI and the bench; kept out of the page's first chunk).
 *
 * Contract: `readKnown(state, set, out)`, after `findHole(set, data)` hit, writes the frame's signals and returns
 * true when the template that fitted is one whose envelope (`base`) says what every frame fitting it says, from its
 * hole and open index alone: an input_json_delta event with its index open whose hole is `partial_json`
 * (`jsonDelta`); a tool_use block start (`content_block.type` tool_use) with its index open whose hole is
 * `content_block.id` (`toolStart`: the name and input are the envelope's); a block stop whose hole is its index
 * (`blockStopAt`). Those are the signals the adapter's general path gives for the event it would rebuild
 * (test/core/wire/anthropic-envelope.test.ts compares with `{ envelopes: false }`). Otherwise false, nothing
 * written: the adapter reads the frame as before. Never throws.
 */
import type { SignalOut } from './signal-builder';
import type { HoleSet, Template } from './envelope';
import { blockStopAt, jsonDelta, toolStart, type AnthropicState } from './anthropic-blocks';
import { installKnownReader } from './anthropic-messages';
import { keyOf, obj, str } from './read';

/** The readers (anthropic-messages.ts DELTA_PARTS) whose hole is partial_json, a block start's id, a block's index. */
const JSON_READER = 1;
const START_READER = 2;
const INDEX_READER = 4;

const OTHER = 0;
const JSON_DELTA = 1;
const START = 2;
const STOP = 3;

interface Known {
  kind: number;
  /** START: the envelope's `content_block` (shared by the template: never written). */
  block: Record<string, unknown> | undefined;
}

const KNOWN = new WeakMap<Template, Known>();

/** The template asked about last, and its answer: most frames come through one template. */
let lastTemplate: Template | undefined;
let lastKnown: Known = { kind: OTHER, block: undefined };

function knownOf(t: Template): Known {
  if (t === lastTemplate) return lastKnown;
  let known = KNOWN.get(t);
  if (known === undefined) {
    const base = obj(t.base);
    const type = base === undefined ? undefined : str(base.type);
    const block = base === undefined ? undefined : obj(base.content_block);
    const kind =
      base === undefined ? OTHER
      : type === 'content_block_delta' ? (t.index !== undefined && str(obj(base.delta)?.type) === 'input_json_delta' ? JSON_DELTA : OTHER)
      : type === 'content_block_start' ? (t.index !== undefined && block !== undefined && block.type === 'tool_use' ? START : OTHER)
      : type === 'content_block_stop' ? STOP
      : OTHER;
    known = { kind, block: kind === START ? block : undefined };
    KNOWN.set(t, known);
  }
  lastTemplate = t;
  lastKnown = known;
  return known;
}

export function readKnown(state: AnthropicState, set: HoleSet, out: SignalOut): boolean {
  const hit = set.hit;
  if (hit !== JSON_READER && hit !== START_READER && hit !== INDEX_READER) return false;
  const r = set.readers[hit] as HoleSet['readers'][number];
  const known = knownOf(r.template as Template);
  const kind = known.kind;
  const hole = set.hole;
  if (kind === JSON_DELTA && hit === JSON_READER && typeof hole === 'string') jsonDelta(state, r.index, keyOf(r.index) as string, hole, out);
  else if (kind === START && hit === START_READER) out.push(toolStart(state, r.index, hole, known.block as Record<string, unknown>));
  else if (kind === STOP && hit === INDEX_READER && keyOf(hole) !== undefined) out.push(blockStopAt(state, hole as number));
  else return false;
  return true;
}

/** Installs `readKnown` into the Anthropic adapter; idempotent. */
export function enableKnownEnvelopes(): void {
  installKnownReader(readKnown);
}
