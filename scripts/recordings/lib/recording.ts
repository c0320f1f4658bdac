/**
 * A writer for recording format v1 (docs/recording-format.md): a header line, then `[timeMs, code, data]` events.
 *
 * Contract: times are absolute milliseconds since the recording started, rounded to 0.1 ms when written; events
 * are emitted in the order they were added, and adding one earlier than the previous throws (a builder bug, caught
 * at build time, never at run time). A network chunk that is valid UTF-8 on its own is written as `chunk` text,
 * otherwise as `bytes` (base64), exactly as the recorder does.
 */
import type { Localized, Provenance, ToolSpec, Verdict, WireId } from '../../../src/core/types';

export type StrategyExpect = Record<
  | 'parse-each-fragment'
  | 'shared-buffer'
  | 'per-call-buffer'
  | 'completed-item'
  | 'partial-json-preview'
  | 'next-index-closes',
  Verdict
>;

export interface HeaderInput {
  title: Localized;
  description: Localized;
  wire: WireId;
  provenance: Provenance;
  server?: string;
  model?: string;
  tools?: ToolSpec[];
  expect: StrategyExpect;
}

const utf8 = new TextEncoder();

export const round1 = (t: number): number => Math.round(t * 10) / 10;

/** True when the bytes decode as UTF-8 without a replacement. */
export function isWholeUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export class RecordingWriter {
  private readonly lines: string[];
  private last = 0;

  constructor(readonly header: HeaderInput) {
    this.lines = [JSON.stringify({ streamscope: 1, ...header })];
  }

  private push(t: number, code: string, data: unknown): void {
    const time = round1(t);
    if (time < this.last) throw new Error(`event ${code} at ${time} ms is before the previous event (${this.last} ms)`);
    this.last = time;
    this.lines.push(JSON.stringify([time, code, data]));
  }

  get lastTime(): number {
    return this.last;
  }

  req(t: number, turn: number, body: unknown): void {
    this.push(t, 'req', { turn, body });
  }

  /** Text received in one network chunk. */
  chunk(t: number, text: string): void {
    this.push(t, 'chunk', text);
  }

  /** Raw bytes received in one network chunk: `chunk` when they are whole UTF-8, else `bytes`. */
  bytes(t: number, bytes: Uint8Array): void {
    if (isWholeUtf8(bytes)) this.push(t, 'chunk', new TextDecoder().decode(bytes));
    else this.push(t, 'bytes', Buffer.from(bytes).toString('base64'));
  }

  end(t: number, status: 'complete' | 'aborted' | 'error', note?: string): void {
    this.push(t, 'end', note === undefined ? { status } : { status, note });
  }

  final(t: number, turn: number, message: unknown): void {
    this.push(t, 'final', { turn, message });
  }

  tool(t: number, turn: number, callId: string, name: string, durationMs: number): void {
    this.push(t, 'tool', { turn, callId, name, durationMs: round1(durationMs) });
  }

  mark(t: number, label: Localized): void {
    this.push(t, 'mark', label);
  }

  toJsonl(): string {
    return this.lines.join('\n') + '\n';
  }
}

export const encodeUtf8 = (s: string): Uint8Array => utf8.encode(s);
