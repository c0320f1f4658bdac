/**
 * Anthropic Messages: the content blocks of a turn (the start, stop and whole blocks of anthropic-messages.ts, whose
 * top comment is the contract). Blocks are kept by index, so that a delta or a stop knows whether its block is a
 * tool_use, a server tool's or another kind, and whether its arguments came.
 */
import { stringifyDeep } from './safe-json';
import type { Signal } from '../types';
import type { SignalOut } from './signal-builder';
import type { HoleSet } from './envelope';
import { ignored, keyOf, malformed, nonEmpty, obj, str } from './read';

const BLOCK_STOP = ignored('block-stop');

/** A block some server runs (web search, code execution, an MCP connector's tools): `*_tool_use` but `tool_use`. */
export const isServerToolBlock = (type: string): boolean => type !== 'tool_use' && type.endsWith('_tool_use');
const SERVER_TOOL_INPUT = ignored('server-tool-input');

type BlockKind = 'tool' | 'server-tool' | 'other';
export interface Block {
  kind: BlockKind;
  /** JSON of a non-empty `input` given in the start block. */
  startInput?: string;
  sawArgs: boolean;
}
export interface AnthropicState {
  /** Blocks by index: below NEAR in an array (a Map measured ~0.3 us per new block), the others in `far`. */
  blocks: (Block | undefined)[];
  far: Map<number, Block>;
  holes: HoleSet;
  /** The block `jsonDelta` looked up last, by index (a block's deltas come in a row); -1 when `blocks` changes. */
  lastIndex: number;
  lastBlock: Block | undefined;
}

/** Block indices kept in the array (a hostile index of 10^9 goes to the Map instead of a huge array). */
const NEAR = 1 << 16;

export function getBlock(state: AnthropicState, index: number): Block | undefined {
  return index < NEAR ? state.blocks[index] : state.far.get(index);
}

export function setBlock(state: AnthropicState, index: number, block: Block): void {
  if (index < NEAR) state.blocks[index] = block;
  else state.far.set(index, block);
  state.lastIndex = -1;
}

export function blockStart(state: AnthropicState, d: Record<string, unknown>): Signal {
  const key = keyOf(d.index);
  const block = obj(d.content_block);
  if (key === undefined) return malformed('content_block_start.index');
  if (block === undefined) return malformed('content_block_start.content_block');
  const type = str(block.type) ?? '(none)';
  if (type !== 'tool_use') {
    setBlock(state, d.index as number, { kind: isServerToolBlock(type) ? 'server-tool' : 'other', sawArgs: false });
    return ignored('block-start:' + type);
  }
  return toolStart(state, d.index as number, block.id, block);
}

/**
 * A tool_use block start at `index` (a non-negative integer) whose `content_block` is `block` with `id` as its id
 * (the rest of blockStart, for the envelope fast path too: `block.id` is not read).
 */
export function toolStart(state: AnthropicState, index: number, id: unknown, block: Record<string, unknown>): Signal {
  const entry: Block = { kind: 'tool', sawArgs: false };
  const input = obj(block.input);
  if (input !== undefined) {
    for (const _ in input) {
      entry.startInput = stringifyDeep(input);
      break;
    }
  }
  setBlock(state, index, entry);
  // one shape whatever is present (the builder reads an undefined id or name as absent), so that its map, held by
  // the literal, outlives a run (adaptFrames' `kept`)
  return { kind: 'call-start', key: keyOf(index) as string, id: nonEmpty(id), name: nonEmpty(block.name) };
}

export function blockStop(state: AnthropicState, d: Record<string, unknown>): Signal {
  if (keyOf(d.index) === undefined) return malformed('content_block_stop.index');
  return blockStopAt(state, d.index as number);
}

/** The stop of block `index` (a non-negative integer). */
export function blockStopAt(state: AnthropicState, index: number): Signal {
  const key = keyOf(index) as string;
  const block = getBlock(state, index);
  if (block?.kind !== 'tool') return BLOCK_STOP;
  if (block.startInput !== undefined && !block.sawArgs) return { kind: 'call-end', key, args: block.startInput };
  return { kind: 'call-end', key };
}

/**
 * An input_json_delta's fragment for block `index` (`key` = keyOf(index)): args when the block is a tool_use or was
 * never started (then an anomaly downstream); for any other started block (a server's tool block) ignored
 * 'server-tool-input'.
 */
export function jsonDelta(state: AnthropicState, index: number, key: string, text: string, out: SignalOut): void {
  let block: Block | undefined;
  if (index === state.lastIndex) block = state.lastBlock;
  else {
    block = getBlock(state, index);
    state.lastIndex = index;
    state.lastBlock = block;
  }
  // only a tool_use block is the client's to run: a server's tool block (server_tool_use, mcp_tool_use, and any
  // type not yet invented) streams input that is never assembled as a call
  if (block !== undefined && block.kind !== 'tool') return out.push(SERVER_TOOL_INPUT);
  if (block !== undefined && text !== '') block.sawArgs = true;
  out.args(key, text);
}

/** A block that arrives whole inside message_start (position = block index). */
export function wholeBlock(state: AnthropicState, index: number, block: Record<string, unknown>, out: SignalOut): void {
  const key = keyOf(index) as string;
  const type = str(block.type) ?? '(none)';
  setBlock(state, index, { kind: type === 'tool_use' ? 'tool' : isServerToolBlock(type) ? 'server-tool' : 'other', sawArgs: true });
  if (type === 'tool_use') {
    const input = block.input === undefined || block.input === null ? '{}' : stringifyDeep(block.input);
    out.push({ kind: 'call-complete', key, id: nonEmpty(block.id) ?? '', name: str(block.name) ?? '', args: input });
  } else if (type === 'text' && nonEmpty(block.text) !== undefined) out.text(block.text as string);
  else if (type === 'thinking' && nonEmpty(block.thinking) !== undefined) out.reasoning(block.thinking as string);
  else out.push(ignored('block-start:' + type));
}
