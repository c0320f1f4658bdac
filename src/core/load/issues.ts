/**
 * Issue and failure construction for the loaders, and the one way they quote user text in a message.
 *
 * Contract: messages are one plain-text sentence (never HTML) that names what went wrong and where
 * ("line 3 (byte 120): ..."); quoted input is cut to a short excerpt so a 10 MB line never lands in a message.
 */
import type { LoadFailure, LoadIssue, LoadResult } from '../types';

/** Issue codes the loaders emit (stable: the UI and tests key on them). */
export type LoadIssueCode =
  | 'bad-json'
  | 'bad-event-shape'
  | 'bad-time'
  | 'bad-event-data'
  | 'bad-base64'
  | 'bad-header-field'
  | 'unknown-event-code'
  | 'implicit-turn'
  | 'unknown-turn'
  | 'turn-number-mismatch'
  | 'no-turns'
  | 'har-approximate-timing'
  | 'har-bad-entry'
  | 'har-empty-body'
  | 'ndjson-bad-line'
  | 'sse-unusual-start';

export function where(line: number, byteOffset: number): string {
  return `line ${line} (byte ${byteOffset})`;
}

export function issue(code: LoadIssueCode, message: string, line?: number, byteOffset?: number): LoadIssue {
  const out: LoadIssue = { code, message: line !== undefined && byteOffset !== undefined ? `${where(line, byteOffset)}: ${message}` : message };
  if (line !== undefined) out.line = line;
  if (byteOffset !== undefined) out.byteOffset = byteOffset;
  return out;
}

export function failure(message: string, line?: number, byteOffset?: number): LoadResult {
  const error: LoadFailure = { message: line !== undefined && byteOffset !== undefined ? `${where(line, byteOffset)}: ${message}` : message };
  if (line !== undefined) error.line = line;
  if (byteOffset !== undefined) error.byteOffset = byteOffset;
  return { ok: false, error };
}

/** A short, single-line excerpt of user text for a message. */
export function excerpt(text: string, max = 40): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(cut.replace(/[\r\n\t]/g, ' '));
}

/** The message of a thrown value (JSON.parse's SyntaxError), cut to one short line. */
export function errorText(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  const flat = m.replace(/[\r\n]+/g, ' ');
  return flat.length > 160 ? `${flat.slice(0, 160)}…` : flat;
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const t = typeof value;
  return t === 'object' ? 'an object' : t === 'string' ? 'a string' : t === 'number' ? 'a number' : t === 'boolean' ? 'a boolean' : t;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
