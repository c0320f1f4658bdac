/**
 * The strategy registry: every assembly strategy, by id and in display order (src/core/README.md, "Strategies").
 *
 * Contract: `STRATEGIES[id]` is the declarative object of every id of `STRATEGY_IDS` (types.ts), in that order.
 * `SAME_FOLD[id]` names a strategy whose fold (init, step, endTurn, appliesTo) is the same as `id`'s, so their runs
 * are equal but for the id: partial-json-preview is per-call-buffer plus previews computed on demand.
 */
import { STRATEGY_IDS, type BuiltinStrategyId } from '../types';
import { completedItem } from './completed-item';
import { nextIndexCloses } from './next-index-closes';
import { parseEachFragment } from './parse-each-fragment';
import { partialJsonPreview } from './partial-json-preview';
import { perCallBuffer } from './per-call-buffer';
import { sharedBuffer } from './shared-buffer';
import type { Strategy } from './types';

export const STRATEGIES: Record<BuiltinStrategyId, Strategy> = {
  'parse-each-fragment': parseEachFragment,
  'shared-buffer': sharedBuffer,
  'per-call-buffer': perCallBuffer,
  'completed-item': completedItem,
  'partial-json-preview': partialJsonPreview,
  'next-index-closes': nextIndexCloses,
};

export const SAME_FOLD: Partial<Record<BuiltinStrategyId, BuiltinStrategyId>> = {
  'partial-json-preview': 'per-call-buffer',
  'per-call-buffer': 'partial-json-preview',
};

export const isStrategyId = (s: string): s is BuiltinStrategyId => (STRATEGY_IDS as readonly string[]).includes(s);
