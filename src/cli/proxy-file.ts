/**
 * The recording proxy's file (format v1): many turns, each written together and in request order, line by line.
 *
 * Contract:
 * - `ProxyFile.create(out, force)` writes to a new temporary file beside `out` (record-out.ts createTemp:
 *   `out.partial-PID`, opened exclusively, never through a link); `out` itself is only checked (checkOut: a link is
 *   refused, an existing file unless `force`) and is put in place by `close()`. `start(header)` writes line 1 when
 *   the first request arrives.
 * - `openTurn()` gives the next turn, numbered in the order of the calls. A turn's lines (its `tool` events, `req`,
 *   reads, `end`) go to the file as they happen while it is the oldest turn not yet ended (the head); a turn that
 *   runs beside an older one keeps its lines in memory and in a spool file beside the temporary file
 *   (`TEMP.turn-N`, so a crash keeps them too) until every older turn has ended, then they are appended and the
 *   spool removed. So each turn's lines stay together (the format attaches reads to the latest `req`) and
 *   concurrent streams are never mixed. Times are ms since the recording started, rounded to 0.1 and never going
 *   backwards within a turn; two concurrent turns overlap in time as they did.
 * - Credentials: `addSecretValues(values)` adds the credential values of a request (record-redact.ts
 *   credentialValues); from then on every string of every line is scrubbed of them and their escaped forms
 *   (record-scrub.ts secretForms), and each turn's response bytes pass through its own StreamScrubber (a value
 *   split across reads or inside invalid UTF-8 is caught). `close()` runs the recorder's last pass over the file
 *   (record-audit.ts auditFile): a value still in it, or a pass that cannot run, removes the file; a file with no
 *   turn is removed too (it recorded nothing); otherwise it is put in place as `out` (record-out.ts commitTemp).
 * - A read that is valid UTF-8 on its own is a `chunk`, otherwise `bytes` (base64), as record-writer.ts writes them.
 */
import { closeSync, constants, openSync, unlinkSync, writeSync } from 'node:fs';
import { auditFile } from './record-audit';
import { checkOut, closeQuietly, commitTemp, createTemp, removeOwn } from './record-out';
import { scrubText, scrubValue, secretForms, StreamScrubber, type SecretFound } from './record-scrub';

const fatal = new TextDecoder('utf-8', { fatal: true });

export type Closed =
  | { kept: true; turns: number }
  /** `message`: why the file was not kept, and what became of it (one line). */
  | { kept: false; turns: number; why: 'empty' | 'secret' | 'unchecked' | 'not-placed'; message: string };

const WHERE: Record<SecretFound['where'], string> = { text: 'the text', bytes: 'a bytes event', body: 'a response body' };

export class TurnLog {
  private last = 0;
  private done = false;
  /** Lines waiting for the older turns (null once this turn is the head). */
  held: string[] | null = [];
  spoolFd: number | null = null;
  readonly scrubber: StreamScrubber;

  constructor(
    private readonly file: ProxyFile,
    readonly index: number,
    secrets: readonly string[],
  ) {
    this.scrubber = new StreamScrubber(secrets);
  }

  get ended(): boolean {
    return this.done;
  }

  event(t: number, code: string, data: unknown): void {
    if (this.done) return;
    const time = Math.max(this.last, Math.round(t * 10) / 10);
    this.last = time;
    this.file.line(this, [time, code, data]);
  }

  /** One network read of the response (scrubbed; a tail that could begin a credential waits for the next read). */
  chunk(t: number, bytes: Uint8Array): void {
    if (!this.done) this.writeBytes(t, this.scrubber.push(bytes));
  }

  /** Ends the turn: what the scrubber held back, then `end` with `data`. Once only. */
  end(t: number, data: Record<string, unknown>): void {
    if (this.done) return;
    this.writeBytes(t, this.scrubber.flush());
    this.event(t, 'end', data);
    this.done = true;
    this.file.turnEnded();
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
}

export class ProxyFile {
  private secrets: string[] = [];
  private readonly turns: TurnLog[] = [];
  private head = 0;
  private started = false;
  private closed = false;

  private constructor(
    readonly out: string,
    /** The temporary file written while the proxy runs. */
    readonly path: string,
    private readonly fd: number,
    private readonly force: boolean,
  ) {}

  /** Checks `out` and opens the temporary file beside it; else one line saying why not. */
  static create(out: string, force: boolean): ProxyFile | { error: string } {
    const refused = checkOut(out, '', force);
    if (refused !== null) return { error: refused };
    const temp = createTemp(out);
    if ('error' in temp) return temp;
    return new ProxyFile(out, temp.path, temp.fd, force);
  }

  get turnCount(): number {
    return this.turns.length;
  }

  get isStarted(): boolean {
    return this.started;
  }

  /** Adds credential values to keep out; returns those too short to look for (under MIN_SECRET characters). */
  addSecretValues(values: readonly string[]): string[] {
    const forms = secretForms(values);
    const before = this.secrets.length;
    this.secrets = [...new Set([...this.secrets, ...forms.secrets])].sort((a, b) => b.length - a.length);
    if (this.secrets.length !== before) for (const t of this.turns) if (!t.ended) t.scrubber.setSecrets(this.secrets);
    return forms.tooShort;
  }

  /** The text with every credential value replaced (for lines printed to the terminal too). */
  scrub(text: string): string {
    return scrubText(text, this.secrets);
  }

  start(header: Record<string, unknown>): void {
    if (this.started || this.closed) return;
    this.started = true;
    this.write({ streamscope: 1, ...header });
  }

  openTurn(): TurnLog {
    const turn = new TurnLog(this, this.turns.length, this.secrets);
    this.turns.push(turn);
    if (turn.index === this.head) turn.held = null;
    return turn;
  }

  /** Called by TurnLog only. */
  line(turn: TurnLog, value: unknown): void {
    if (this.closed) return;
    const text = this.lineText(value);
    if (turn.held === null) {
      writeSync(this.fd, text);
      return;
    }
    turn.held.push(text);
    if (turn.spoolFd === null) {
      try {
        turn.spoolFd = openSync(this.spoolPath(turn.index), constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o644);
      } catch {
        turn.spoolFd = -1; // memory only (a stale spool of an earlier run is in the way)
      }
    }
    if (turn.spoolFd >= 0) writeSync(turn.spoolFd, text);
  }

  /** Called by TurnLog.end: the head moves past every ended turn; the next one's held lines are appended. */
  turnEnded(): void {
    for (let t = this.turns[this.head]; t?.ended; t = this.turns[this.head]) {
      this.head++;
      const next = this.turns[this.head];
      if (next) this.promote(next);
    }
  }

  /** Closes the file (every turn must have ended); then whether it was kept as `out`. */
  close(): Closed {
    if (this.closed) return { kept: true, turns: this.turns.length };
    this.closed = true;
    for (const t of this.turns) if (t.held !== null) this.promote(t);
    closeQuietly(this.fd);
    const turns = this.turns.length;
    const gone = (): string => (removeOwn(this.path) ? 'the file was removed' : `remove ${this.path} by hand, it could not be removed`);
    if (turns === 0) return { kept: false, turns, why: 'empty', message: `no request came through the proxy; nothing recorded (${gone()}, ${this.out} left as it was)` };
    const audit = auditFile(this.path, this.secrets);
    if (!audit.ok) return { kept: false, turns, why: 'unchecked', message: `refused to keep ${this.out}: the last check for credential values could not run (${audit.why}); ${gone()}` };
    if (audit.found) return { kept: false, turns, why: 'secret', message: `refused to keep ${this.out}: a credential value was still in ${WHERE[audit.found.where]} at line ${audit.found.line}; ${gone()}` };
    const failed = commitTemp(this.path, this.out, this.force);
    if (failed) return { kept: false, turns, why: 'not-placed', message: failed };
    return { kept: true, turns };
  }

  private promote(turn: TurnLog): void {
    const held = turn.held ?? [];
    turn.held = null;
    if (held.length > 0) writeSync(this.fd, held.join(''));
    if (turn.spoolFd !== null && turn.spoolFd >= 0) {
      closeSync(turn.spoolFd);
      try {
        unlinkSync(this.spoolPath(turn.index));
      } catch {
        // already gone: nothing to clean
      }
    }
    turn.spoolFd = null;
  }

  private spoolPath(index: number): string {
    return `${this.path}.turn-${index}`;
  }

  private lineText(value: unknown): string {
    // strings are scrubbed before JSON escapes them; the JSON text once more (a value with quotes or backslashes)
    return this.scrub(JSON.stringify(scrubValue(value, this.secrets))) + '\n';
  }

  private write(value: unknown): void {
    writeSync(this.fd, this.lineText(value));
  }

}
