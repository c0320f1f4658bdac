/**
 * The recorder's last pass over a finished recording: is a credential value still in it? Read in pieces, so it works
 * on any size the recorder can write (a 600 MB capture was one string before, past V8's longest string).
 *
 * Contract: `auditFile(path, secrets)` feeds record-scrub.ts's SecretAuditor (what is looked for, and where: the
 * text of each line, its JSON strings, `bytes` events, each turn's body searched with an overlap of the longest
 * secret's length, never joined whole). It reads the file PIECE_BYTES at a time, cuts it into lines (a line longer than
 * MAX_LINE_BYTES cannot be checked: the result says so) and never throws: `{ok: true, found}` or `{ok: false, why}`
 * (the file cannot be read, or a line is too long), for the recorder to refuse the file either way. The descriptor
 * is closed in `finally`.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { SecretAuditor, type SecretFound } from './record-scrub';

/** How much of the file is read at once. */
export const PIECE_BYTES = 4 * 1024 * 1024;
/** The longest line the check reads (the recorder writes one network read per line, far below it). */
export const MAX_LINE_BYTES = 256 * 1024 * 1024;

export type Audit = { ok: true; found: SecretFound | null; bytes: number } | { ok: false; why: string };

const describe = (e: unknown): string => {
  const err = e as NodeJS.ErrnoException;
  return err.code ? `${err.code}: ${err.message}` : e instanceof Error ? e.message : String(e);
};

/** How the file is read (tests read in tiny pieces, so that lines are cut by piece boundaries everywhere). */
export interface AuditOptions {
  pieceBytes?: number;
  maxLineBytes?: number;
}

export function auditFile(path: string, secrets: readonly string[], options: AuditOptions = {}): Audit {
  const { pieceBytes = PIECE_BYTES, maxLineBytes = MAX_LINE_BYTES } = options;
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const auditor = new SecretAuditor(secrets);
    const piece = Buffer.allocUnsafe(pieceBytes);
    /** The start of the current line, read in earlier pieces (copied: `piece` is read into again). */
    let held: Buffer[] = [];
    let heldBytes = 0;
    let lineNo = 1;
    let total = 0;
    for (;;) {
      const n = readSync(fd, piece, 0, piece.length, null);
      if (n === 0) break;
      total += n;
      let from = 0;
      for (let lf = piece.indexOf(10, from); lf !== -1 && lf < n; lf = piece.indexOf(10, from)) {
        const part = piece.subarray(from, lf);
        const text = heldBytes > 0 ? Buffer.concat([...held, part]).toString('utf8') : part.toString('utf8');
        held = [];
        heldBytes = 0;
        const found = auditor.line(text, lineNo);
        if (found) return { ok: true, found, bytes: total };
        lineNo++;
        from = lf + 1;
      }
      if (from < n) {
        heldBytes += n - from;
        if (heldBytes > maxLineBytes) return { ok: false, why: `line ${lineNo} is longer than ${maxLineBytes.toLocaleString('en-US')} bytes, too long to check` };
        held.push(Buffer.from(piece.subarray(from, n)));
      }
    }
    if (heldBytes > 0) {
      const found = auditor.line(Buffer.concat(held).toString('utf8'), lineNo);
      if (found) return { ok: true, found, bytes: total };
    }
    return { ok: true, found: auditor.end(), bytes: total };
  } catch (e) {
    return { ok: false, why: `reading it back failed (${describe(e)})` };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
