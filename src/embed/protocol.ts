/**
 * The postMessage protocol between a course page and an embedded player (DESIGN section 7).
 *
 * Contract: every message is a plain object whose `type` starts with `streamscope:`. `parseCommand` turns whatever
 * arrived into a typed command or null (never throws): unknown types, wrong field types, a frame that is not a
 * non-negative integer, a `load` text over the size limit are all refused. Outgoing events are built by
 * `playerEvent`.
 */
import { STRATEGY_IDS, type StrategyId } from '../core/types';

export const NAMESPACE = 'streamscope:';
/** The largest recording a page may hand over by `load` (same limit as opening a file). */
export const MAX_LOAD_CHARS = 200 * 1024 * 1024;

export type PageCommand =
  | { type: 'streamscope:seek'; frame: number }
  | { type: 'streamscope:play' }
  | { type: 'streamscope:pause' }
  | { type: 'streamscope:setStrategy'; id: StrategyId }
  | { type: 'streamscope:load'; text: string; name: string };

export type PlayerEventMessage =
  | { type: 'streamscope:ready'; frames: number; strategy: StrategyId; source: string }
  | { type: 'streamscope:frame'; index: number; time: number }
  | { type: 'streamscope:ended'; index: number }
  | { type: 'streamscope:resize'; height: number }
  | { type: 'streamscope:error'; message: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseCommand(data: unknown): PageCommand | null {
  if (!isRecord(data) || typeof data.type !== 'string' || !data.type.startsWith(NAMESPACE)) return null;
  switch (data.type) {
    case 'streamscope:seek':
      return Number.isSafeInteger(data.frame) && (data.frame as number) >= 0 ? { type: data.type, frame: data.frame as number } : null;
    case 'streamscope:play':
    case 'streamscope:pause':
      return { type: data.type };
    case 'streamscope:setStrategy':
      return typeof data.id === 'string' && (STRATEGY_IDS as readonly string[]).includes(data.id)
        ? { type: data.type, id: data.id as StrategyId }
        : null;
    case 'streamscope:load': {
      if (typeof data.text !== 'string' || data.text.length > MAX_LOAD_CHARS) return null;
      const name = typeof data.name === 'string' && data.name.length > 0 ? data.name.slice(0, 200) : 'page.jsonl';
      return { type: data.type, text: data.text, name };
    }
    default:
      return null;
  }
}
