/**
 * Appends a recording (format v1) to a file line by line, as events happen.
 *
 * Contract: every event is written with a synchronous append as soon as it is known, so a crash or a kill keeps
 * everything that arrived before it. Times are written rounded to 0.1 ms and never go backwards. A chunk that is
 * valid UTF-8 on its own is written as `chunk` text, otherwise as `bytes` (base64). Any credential value the
 * writer was given is replaced by "[redacted]" wherever it would appear in written text.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { REDACTED } from './record-redact';

const fatal = new TextDecoder('utf-8', { fatal: true });

export class RecordWriter {
  private readonly fd: number;
  private last = 0;
  private closed = false;
  private readonly secrets: string[];

  constructor(path: string, secrets: readonly string[] = []) {
    this.fd = openSync(path, 'w');
    // Longest first, so that "Bearer sk-..." is replaced before "sk-...".
    this.secrets = [...new Set(secrets.filter((s) => s.length >= 6))].sort((a, b) => b.length - a.length);
  }

  /** The text with every credential value replaced (also for messages printed to the terminal). */
  scrub(text: string): string {
    let out = text;
    for (const s of this.secrets) out = out.split(s).join(REDACTED);
    return out;
  }

  private line(value: unknown): void {
    if (this.closed) return;
    writeSync(this.fd, this.scrub(JSON.stringify(value)) + '\n');
  }

  header(header: Record<string, unknown>): void {
    this.line({ streamscope: 1, ...header });
  }

  event(t: number, code: string, data: unknown): void {
    const time = Math.max(this.last, Math.round(t * 10) / 10);
    this.last = time;
    this.line([time, code, data]);
  }

  chunk(t: number, bytes: Uint8Array): void {
    let text: string | undefined;
    try {
      text = fatal.decode(bytes);
    } catch {
      text = undefined;
    }
    if (text !== undefined) this.event(t, 'chunk', text);
    else this.event(t, 'bytes', Buffer.from(bytes).toString('base64'));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }
}
