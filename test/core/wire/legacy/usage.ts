// The former per-frame adapters' usage signal (src/core/wire/read.ts `usage` before it gave one shape with
// undefined counts): only the counts present are set.
import { num } from '../../../../src/core/wire/read';
import type { Signal } from '../../../../src/core/types';

export function usage(inputTokens: unknown, outputTokens: unknown): Signal | undefined {
  const i = num(inputTokens);
  const o = num(outputTokens);
  if (i === undefined && o === undefined) return undefined;
  const s: { kind: 'usage'; inputTokens?: number; outputTokens?: number } = { kind: 'usage' };
  if (i !== undefined) s.inputTokens = i;
  if (o !== undefined) s.outputTokens = o;
  return s;
}
