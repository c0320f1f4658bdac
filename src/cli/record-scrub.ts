/**
 * Keeps credential values out of everything the recorder writes: the response bytes as they stream in, the other
 * events, and a last check of the finished file.
 *
 * Contract: pure (no I/O), never throws.
 * - `secretForms(values)`: each value of at least MIN_SECRET characters and the forms it takes when a server echoes
 *   it or a writer escapes it (JSON-escaped, `\/`-escaped, percent-encoded, form-encoded); shorter values are
 *   returned apart (`tooShort`): they cannot be searched for without redacting ordinary text.
 * - `StreamScrubber`: bytes in, bytes out. Every occurrence of a secret (as UTF-8 bytes) becomes "[redacted]", also
 *   when it is split across two or more reads or sits in bytes that are not valid UTF-8: a read's last bytes that
 *   could begin a secret are held back and given out with the next read (or by `flush()` at the end). SSE reads end
 *   in a blank line, which begins no secret, so in practice nothing is held back and frame times do not move.
 * - `scrubText(text, secrets)` / `scrubValue(value, secrets)`: the same for strings, and every string in a JSON value.
 * - `SecretAuditor`: fed a finished recording's lines in order, the first place a secret still is: the line's text
 *   (`text`), any string of its JSON (keys included), a `bytes` event decoded (`bytes`), or a turn's response body,
 *   its `chunk` and `bytes` events between one `req` and the next joined (`body`, reported at the `req` line). The
 *   body is never joined whole: each event is searched with the last (longest secret - 1) bytes before it kept in
 *   front, so memory is one event plus that overlap. `findSecret(fileText, secrets)` runs it over a text; the
 *   recorder's last pass reads the file a piece at a time into it (./record-audit.ts).
 */
import { REDACTED } from './record-redact';

/** Shorter values are not searched for in the stream (a 3-character value would redact ordinary words). */
export const MIN_SECRET = 6;

const enc = new TextEncoder();
const REDACTED_BYTES = enc.encode(REDACTED);

export function secretForms(values: readonly string[]): { secrets: string[]; tooShort: string[] } {
  const secrets = new Set<string>();
  const tooShort: string[] = [];
  for (const v of values) {
    if (v.length < MIN_SECRET) {
      if (v !== '') tooShort.push(v);
      continue;
    }
    const json = JSON.stringify(v).slice(1, -1);
    for (const form of [v, json, json.replace(/\//g, '\\/'), encodeURIComponent(v), new URLSearchParams({ v }).toString().slice(2)]) secrets.add(form);
  }
  // longest first, so that "Bearer sk-..." is replaced before "sk-..."
  return { secrets: [...secrets].sort((a, b) => b.length - a.length), tooShort };
}

export function scrubText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join(REDACTED);
  return out;
}

/** Every string in `value` (not object keys) scrubbed; the value is copied, never changed in place. */
export function scrubValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return scrubText(value, secrets);
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, secrets));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: scrubValue(v, secrets), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

/** The index of the first occurrence of `needle` in `hay` at or after `from`, or -1 (Node's native search). */
export function indexOfBytes(hay: Uint8Array, needle: Uint8Array, from = 0): number {
  if (needle.length === 0) return -1;
  return Buffer.from(hay.buffer, hay.byteOffset, hay.byteLength).indexOf(needle, from);
}

export class StreamScrubber {
  private pending: Uint8Array = new Uint8Array(0);
  private secrets: Uint8Array[] = [];

  constructor(secrets: readonly string[] = []) {
    this.setSecrets(secrets);
  }

  /** Replaces the secrets looked for (all of them, longest first); bytes held back stay held. */
  setSecrets(secrets: readonly string[]): void {
    this.secrets = [...new Set(secrets)].filter((s) => s !== '').map((s) => enc.encode(s)).sort((a, b) => b.length - a.length);
  }

  /** The bytes of this read that can be written now, with every secret replaced. */
  push(chunk: Uint8Array): Uint8Array {
    const joined = new Uint8Array(this.pending.length + chunk.length);
    joined.set(this.pending);
    joined.set(chunk, this.pending.length);
    const replaced = this.replace(joined);
    const hold = this.heldTail(replaced);
    this.pending = replaced.slice(replaced.length - hold);
    return replaced.subarray(0, replaced.length - hold);
  }

  /** What is still held back (the stream ended): no secret can complete any more. */
  flush(): Uint8Array {
    const rest = this.pending;
    this.pending = new Uint8Array(0);
    return rest;
  }

  private replace(bytes: Uint8Array): Uint8Array {
    let out = bytes;
    for (const s of this.secrets) {
      let at = indexOfBytes(out, s);
      if (at === -1) continue;
      const parts: Uint8Array[] = [];
      let from = 0;
      while (at !== -1) {
        parts.push(out.subarray(from, at), REDACTED_BYTES);
        from = at + s.length;
        at = indexOfBytes(out, s, from);
      }
      parts.push(out.subarray(from));
      const next = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      let o = 0;
      for (const p of parts) {
        next.set(p, o);
        o += p.length;
      }
      out = next;
    }
    return out;
  }

  /** The length of the longest tail of `bytes` that is the beginning of a secret (shorter than the secret). */
  private heldTail(bytes: Uint8Array): number {
    let longest = 0;
    for (const s of this.secrets) {
      for (let len = Math.min(s.length - 1, bytes.length); len > longest; len--) {
        const from = bytes.length - len;
        let match = true;
        for (let i = 0; i < len; i++) {
          if (bytes[from + i] !== s[i]) {
            match = false;
            break;
          }
        }
        if (match) {
          longest = len;
          break;
        }
      }
    }
    return longest;
  }
}

export interface SecretFound {
  /** 1-based line of the file (for the joined response body: the line of the turn's `req`). */
  line: number;
  where: 'text' | 'bytes' | 'body';
}

const collectStrings = (value: unknown, out: string[]): void => {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, out);
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      collectStrings(v, out);
    }
  }
};

const decodeBase64 = (data: string): Uint8Array => new Uint8Array(Buffer.from(data.replace(/-/g, '+').replace(/_/g, '/'), 'base64'));

export class SecretAuditor {
  private readonly needles: Uint8Array[];
  private readonly overlap: number;
  /** The last `overlap` bytes of the current turn's body so far. */
  private tail: Uint8Array = new Uint8Array(0);
  private bodyLine = 1;

  constructor(private readonly secrets: readonly string[]) {
    this.needles = secrets.map((s) => enc.encode(s));
    this.overlap = Math.max(0, ...this.needles.map((n) => n.length - 1));
  }

  /** A body piece searched with the overlap in front; true when a secret is in tail + piece. */
  private bodyHolds(piece: Uint8Array): boolean {
    const joined = new Uint8Array(this.tail.length + piece.length);
    joined.set(this.tail);
    joined.set(piece, this.tail.length);
    if (this.needles.some((n) => indexOfBytes(joined, n) !== -1)) return true;
    this.tail = joined.slice(Math.max(0, joined.length - this.overlap));
    return false;
  }

  /** One line of the file (without its LF); the first place a secret is, or null. */
  line(text: string, n: number): SecretFound | null {
    if (this.secrets.length === 0) return null;
    if (this.secrets.some((s) => text.includes(s))) return { line: n, where: 'text' };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return null;
    }
    const strings: string[] = [];
    collectStrings(parsed, strings);
    if (strings.some((s) => this.secrets.some((x) => s.includes(x)))) return { line: n, where: 'text' };
    if (!Array.isArray(parsed)) return null;
    const [, code, data] = parsed as [unknown, unknown, unknown];
    if (code === 'req') {
      const found = this.end();
      this.bodyLine = n;
      return found;
    }
    if (code === 'chunk' && typeof data === 'string') {
      if (this.bodyHolds(enc.encode(data))) return { line: this.bodyLine, where: 'body' };
    } else if (code === 'bytes' && typeof data === 'string') {
      const bytes = decodeBase64(data);
      if (this.needles.some((x) => indexOfBytes(bytes, x) !== -1)) return { line: n, where: 'bytes' };
      if (this.bodyHolds(bytes)) return { line: this.bodyLine, where: 'body' };
    }
    return null;
  }

  /** The turn's body ended (a new `req`, or the end of the file); nothing is held across it. */
  end(): SecretFound | null {
    this.tail = new Uint8Array(0);
    return null;
  }
}

/** Where the first secret still is in a recording's text, or null. */
export function findSecret(fileText: string, secrets: readonly string[]): SecretFound | null {
  const auditor = new SecretAuditor(secrets);
  const lines = fileText.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const found = auditor.line(lines[i] ?? '', i + 1);
    if (found) return found;
  }
  return auditor.end();
}
