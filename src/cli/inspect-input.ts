/**
 * What `inspect` reads: a file, a FIFO, a pipe or standard input (`-`), as a stream of pieces the loader reads on
 * demand (core/load PieceStream), never one string, and never past a limit.
 *
 * Contract:
 * - `openInput(file, io, maxBytes)` opens it without blocking the process (a FIFO's open waits for a writer in Node's thread
 *   pool) and, for anything that is not a regular file, waits for its first bytes the same way; when nothing came
 *   within WAIT_MS it prints `inspect: waiting for input on FILE…` once to stderr (and keeps waiting, as cat does).
 * - `loadInput(input)` loads it with core's loader. The limit is `maxBytes` when given (--max-bytes), else
 *   MAX_FILE_BYTES for a regular file and STREAM_LIMIT (the page's 200 MB) for anything else. A regular file larger
 *   than the limit is refused by its size before any read. Any input is cut off once more than the limit has been
 *   read: the read throws, so the loader stops at once (nothing past that point is decoded), and the message names
 *   the limit and the bytes read. A stream's pieces are filled whole (a pipe gives 64 KB a read: a 4 MB piece per
 *   read held 64 times the data), so memory is about the bytes read, at most the limit, plus the loader's copy.
 * - Every failure is an `Unusable` (one line, exit 2). The descriptor is closed in `finally` (standard input is not
 *   ours to close).
 */
import { closeSync, fstatSync, open as openAsync, read as readAsync, readSync } from 'node:fs';
import { basename } from 'node:path';
import { load, type PieceStream } from '../core/load';
import type { LoadResult } from '../core/types';
import type { CliIo } from './io';
import { isAscii } from './node-text';
import { terminalSafe } from './terminal-safe';

/** Unusable input or arguments: main prints the message as one line and returns 2. */
export class Unusable extends Error {}

export function fail(message: string): never {
  throw new Unusable(message);
}

/** The largest file inspect reads (what one Buffer may hold: raw SSE is read into one). */
export const MAX_FILE_BYTES = 4 * 1024 ** 3;
/** The default limit for anything that is not a regular file (no size up front): the page's 200 MB. */
export const STREAM_LIMIT = 200 * 1024 * 1024;
/** The file is read this much at a time, as the loader asks for it (never one string, never whole when read line by
 * line: a .jsonl recording's pieces are given back once read, core/load/line-reader.ts, and the next read into them). */
const PIECE_BYTES = 4 * 1024 * 1024;
/** How long inspect waits for a first byte before saying it is waiting. */
export const WAIT_MS = 1000;

const size = (n: number): string =>
  n % 1024 ** 3 === 0 ? `${n / 1024 ** 3} GB` : n % 1024 ** 2 === 0 ? `${n / 1024 ** 2} MB` : `${n.toLocaleString('en-US')} bytes`;

/** The message for a read that failed (opening the file or reading it). */
function cannotRead(file: string, e: unknown): never {
  const code = (e as NodeJS.ErrnoException).code;
  fail(`cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (e as Error).message}`);
}

export interface Input {
  /** As given (`-` for standard input). */
  file: string;
  fd: number;
  regular: boolean;
  declared: number;
  /** The bytes read while waiting for the input to start (not a regular file), else empty. */
  first: Uint8Array;
  /** Read no more than this: --max-bytes, else MAX_FILE_BYTES for a regular file, STREAM_LIMIT for anything else. */
  limit: number;
  /** Whether the limit is --max-bytes. */
  given: boolean;
  close(): void;
}

const opened = (file: string): Promise<number> => new Promise((resolve, reject) => openAsync(file, 'r', (e, fd) => (e ? reject(e) : resolve(fd))));

/** One read into `buf` in the thread pool; a descriptor left non-blocking (EAGAIN) is asked again a little later. */
function readLater(fd: number, buf: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const attempt = () =>
      readAsync(fd, buf, 0, buf.length, null, (e, n) => {
        if (e && (e as NodeJS.ErrnoException).code === 'EAGAIN') setTimeout(attempt, 10);
        else if (e) reject(e);
        else resolve(n);
      });
    attempt();
  });
}

export async function openInput(file: string, io: CliIo, maxBytes?: number, waitMs = WAIT_MS): Promise<Input> {
  const shown = file === '-' ? 'standard input (-)' : file;
  const waiting = setTimeout(() => io.stderr(`inspect: ${terminalSafe(`waiting for input on ${shown}…`)}\n`), waitMs);
  let fd: number | undefined;
  try {
    fd = file === '-' ? 0 : await opened(file);
    const st = fstatSync(fd);
    if (st.isDirectory()) cannotRead(file, Object.assign(new Error('EISDIR'), { code: 'EISDIR' }));
    const regular = st.isFile();
    const limit = maxBytes ?? (regular ? MAX_FILE_BYTES : STREAM_LIMIT);
    let first = new Uint8Array(0);
    if (!regular) {
      // one byte past the limit tells that there is more
      const buf = Buffer.allocUnsafe(Math.min(64 * 1024, limit + 1));
      first = buf.subarray(0, await readLater(fd, buf));
    }
    const own = fd;
    return { file, fd, regular, declared: regular ? st.size : 0, first, limit, given: maxBytes !== undefined, close: () => (own === 0 ? undefined : closeSync(own)) };
  } catch (e) {
    if (fd !== undefined && fd !== 0) closeSync(fd);
    if (e instanceof Unusable) throw e;
    cannotRead(file, e);
  } finally {
    clearTimeout(waiting);
  }
}

/** Thrown by the stream's read past the limit: the loader stops there. */
class OverLimit extends Error {}

/** Why reading stopped early, if it did. */
type ReadStop = { error: unknown } | { over: number };

/** Reads until `piece` is full or the input ends (a pipe gives a little at a time); EAGAIN is waited out. */
function fill(fd: number, piece: Buffer, limitLeft: number): number {
  const want = Math.min(piece.length, limitLeft);
  let n = 0;
  while (n < want) {
    let got: number;
    try {
      got = readSync(fd, piece, n, want - n, null);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
      continue;
    }
    if (got === 0) break;
    n += got;
  }
  return n;
}

function stream(input: Input): PieceStream & { stopped(): ReadStop | undefined } {
  const { limit } = input;
  let total = 0;
  let stop: ReadStop | undefined;
  let first: Uint8Array | null = input.first.length > 0 ? input.first : null;
  // pieces the loader gave back (PieceStream.recycle): the next reads go into them instead of new memory. Buffers, not
  // plain Uint8Arrays: the line reader finds each line's LF with indexOf, which a Buffer does natively (about 3x faster)
  const spare: Buffer[] = [];
  const over = (): never => {
    stop = { over: total };
    throw new OverLimit(`more than ${limit} bytes`);
  };
  return {
    size: input.declared,
    read(): Uint8Array | null {
      if (stop !== undefined) return null;
      if (first) {
        const piece = first;
        first = null;
        total += piece.length;
        return total > limit ? over() : piece;
      }
      let n: number;
      const piece = spare.pop() ?? Buffer.allocUnsafe(PIECE_BYTES);
      try {
        // one byte past the limit tells that there is more
        n = input.regular ? readSync(input.fd, piece, 0, Math.min(piece.length, limit + 1 - total), null) : fill(input.fd, piece, limit + 1 - total);
      } catch (e) {
        stop = { error: e };
        return null;
      }
      if (n === 0) return null;
      total += n;
      if (total > limit) over();
      // a short last piece is copied, so the 4 MB buffer is not held for it
      return n === piece.length ? piece : new Uint8Array(piece.subarray(0, n));
    },
    recycle(piece: Uint8Array): void {
      if (piece instanceof Buffer && piece.length === PIECE_BYTES && spare.length < 2) spare.push(piece);
    },
    stopped: () => stop,
  };
}

/** Loads the input, a piece at a time as the loader goes; closes it. */
export function loadInput(input: Input): LoadResult {
  const { file, limit, given } = input;
  try {
    if (input.regular && input.declared > limit) {
      fail(
        !given
          ? `${file} is ${input.declared.toLocaleString('en-US')} bytes, over the ${size(limit)} limit of inspect: cut it into smaller recordings first`
          : `${file} is ${input.declared.toLocaleString('en-US')} bytes, over the --max-bytes limit of ${size(limit)}`,
      );
    }
    const s = stream(input);
    const loaded = load(s, file === '-' ? 'stdin' : basename(file), { isAscii });
    const stop = s.stopped();
    if (stop !== undefined && 'over' in stop) {
      const why = given ? 'the --max-bytes limit' : input.regular ? 'the limit of inspect' : 'the limit for input that is not a regular file';
      fail(`${file}: reading stopped at ${why} of ${size(limit)}: ${stop.over.toLocaleString('en-US')} bytes read and more arriving${given ? '' : '; give --max-bytes N to read more'}`);
    }
    if (stop !== undefined) cannotRead(file, stop.error);
    return loaded;
  } finally {
    input.close();
  }
}
