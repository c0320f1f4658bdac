/**
 * Plain field reading for the ground-truth readers: their own, small and independent of the wire adapters.
 *
 * Contract: `parse` is JSON.parse that returns undefined instead of throwing; `rec`, `text`, `name`, `index` read
 * one field and return undefined for a missing or mistyped one. `argsJson` writes a parsed arguments value back as
 * JSON text (deep values too, via the shared serializer; '{}' for a missing value).
 */
import { stringifyDeep } from '../../wire/safe-json';

export type Rec = Record<string, unknown>;

export function parse(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

export const rec = (v: unknown): Rec | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Rec) : undefined);
export const list = (v: unknown): readonly unknown[] | undefined => (Array.isArray(v) ? v : undefined);
export const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
/** A non-empty string (providers send id: "" on continuation chunks). */
export const name = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
/** A non-negative integer index as a call key. */
export const index = (v: unknown): string | undefined =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? String(v) : undefined;

export function argsJson(v: unknown): string {
  return v === undefined || v === null ? '{}' : stringifyDeep(v);
}
