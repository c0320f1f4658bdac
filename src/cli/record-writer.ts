/**
 * Appends a recording (format v1) to a file line by line, as events happen.
 *
 * Contract: every event is written with a synchronous append as soon as it is known, so a crash or a kill keeps
 * everything that arrived before it. Times are written rounded to 0.1 ms and never go backwards. A chunk that is
 * valid UTF-8 on its own is written as `chunk` text, otherwise as `bytes` (base64). Credential values the writer
 * was given (`secretForms`, record-scrub.ts) never reach the file: every string of every event is scrubbed, and the
 * response bytes go through a StreamScrubber before they are encoded (so a value in invalid UTF-8 or split across
 * reads is caught too; bytes that could begin a value wait for the next read, or for `flush`). The writer is given
 * an open descriptor (the recorder's temporary file, ./record-out.ts) and owns it: `close()` closes it, once; the
 * last pass over the finished file is ./record-audit.ts.
 */
import { closeSync, writeSync } from 'node:fs';
import { scrubText, scrubValue, StreamScrubber } from './record-scrub';

const fatal = new TextDecoder('utf-8', { fatal: true });

export class RecordWriter {
  private last = 0;
  private closed = false;
  private secrets: string[];
  private readonly stream: StreamScrubber;

  /** `fd`: open for writing, owned from now on; `secrets`: the forms to keep out, longest first (secretForms(values).secrets). */
  constructor(
    private readonly fd: number,
    secrets: readonly string[] = [],
  ) {
    this.secrets = [...secrets];
    this.stream = new StreamScrubber(this.secrets);
  }

  /** More values to keep out (a redirect's URL carried new ones); longest first is kept. */
  addSecrets(more: readonly string[]): void {
    this.secrets = [...new Set([...this.secrets, ...more])].sort((a, b) => b.length - a.length);
    this.stream.setSecrets(this.secrets);
  }

  /** The text with every credential value replaced (also for messages printed to the terminal). */
  scrub(text: string): string {
    return scrubText(text, this.secrets);
  }

  private line(value: unknown): void {
    if (this.closed) return;
    // strings are scrubbed before JSON escapes them; the JSON text once more (a value with quotes or backslashes)
    writeSync(this.fd, this.scrub(JSON.stringify(scrubValue(value, this.secrets))) + '\n');
  }

  header(header: Record<string, unknown>): void {
    this.line({ streamscope: 1, ...header });
  }

  event(t: number, code: string, data: unknown): void {
    const time = Math.max(this.last, Math.round(t * 10) / 10);
    this.last = time;
    this.line([time, code, data]);
  }

  /** One network read; returns the bytes written (scrubbed; possibly fewer, when the tail could begin a secret). */
  chunk(t: number, bytes: Uint8Array): Uint8Array {
    const out = this.stream.push(bytes);
    this.writeBytes(t, out);
    return out;
  }

  /** Writes the bytes held back at the end of the stream; call before `end`. */
  flush(t: number): Uint8Array {
    const out = this.stream.flush();
    this.writeBytes(t, out);
    return out;
  }

  private writeBytes(t: number, bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    let text: string | undefined;
    try {
      text = fatal.decode(bytes);
    } catch {
      text = undefined;
    }
    if (text !== undefined) this.event(t, 'chunk', text);
    else this.event(t, 'bytes', Buffer.from(bytes).toString('base64'));
  }

  /** The forms kept out so far (for the last pass over the finished file). */
  get secretsKept(): readonly string[] {
    return this.secrets;
  }

  /** Closes the file (once; writes after it are dropped). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }
}
