/**
 * A large byte input's way from the page to the analysis worker, in pieces (./protocol.ts `input-piece`).
 *
 * Contract, worker side: `createJoiner()` copies each piece, as it arrives, into one buffer of the input's announced
 * `total`, and `take(n)` gives that buffer once n pieces have filled it exactly, or throws an Error naming what
 * differs (the count, or the bytes). Page side: `createPiecePool(maxInFlight)` hands out buffers to copy pieces into,
 * reusing those the worker has sent back (`piece-back`), and `ready()` resolves once fewer than `maxInFlight` pieces
 * are out (or the pool is closed: it never leaves a caller waiting after `close()`).
 *
 * Why: a page that copies a 200 MB input into fresh pieces, and a worker that keeps them and then joins them into a
 * fresh whole, each touch 200 MB of new memory, one after the other. Joined as they arrive, the worker's copy runs
 * while the page is still copying, and the worker holds the input once (and at most `maxInFlight` pieces) instead of
 * twice; the page copies into the few buffers that come back, memory it has already touched (figures in
 * docs/performance.md).
 */
import type { InputPiece } from './protocol';

export interface PieceJoiner {
  add(piece: InputPiece): void;
  take(announced: number): Uint8Array;
}

export function createJoiner(): PieceJoiner {
  let whole: Uint8Array | null = null;
  let filled = 0;
  let count = 0;
  let problem: string | null = null;
  return {
    add(piece) {
      count++;
      if (problem) return;
      if (!whole) {
        if (!Number.isSafeInteger(piece.total) || piece.total < 0) {
          problem = `the input's announced size (${String(piece.total)}) is not a byte count`;
          return;
        }
        try {
          whole = new Uint8Array(piece.total);
        } catch {
          problem = `the input's ${piece.total} bytes do not fit in this worker's memory`;
          return;
        }
      }
      if (filled + piece.bytes.byteLength > whole.byteLength) {
        problem = `the input's pieces hold more than the ${whole.byteLength} bytes announced`;
        return;
      }
      whole.set(piece.bytes, filled);
      filled += piece.bytes.byteLength;
    },
    take(announced) {
      const got = { whole, filled, count, problem };
      whole = null;
      filled = 0;
      count = 0;
      problem = null;
      if (got.count !== announced) throw new Error(`the input came in ${got.count} pieces, ${announced} were announced`);
      if (got.problem) throw new Error(got.problem);
      const bytes = got.whole ?? new Uint8Array(0);
      if (got.filled !== bytes.byteLength) throw new Error(`the input's pieces hold ${got.filled} of the ${bytes.byteLength} bytes announced`);
      return bytes;
    },
  };
}

export interface PiecePool {
  /**
   * A buffer of `length` bytes to copy a piece into (one sent back when one is big enough, else a new one), counted
   * as out until it comes back.
   */
  take(length: number): Uint8Array;
  /** A piece's buffer, back from the worker. */
  give(bytes: Uint8Array): void;
  /** Resolves once fewer than `maxInFlight` pieces are out, or the pool is closed. */
  ready(): Promise<void>;
  close(): void;
}

export function createPiecePool(maxInFlight: number): PiecePool {
  const free: ArrayBuffer[] = [];
  let out = 0;
  let closed = false;
  let wake: (() => void) | null = null;
  const poke = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const ready = (): Promise<void> =>
    closed || out < maxInFlight
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          wake = resolve;
        }).then(ready);
  return {
    take(length) {
      const i = free.findIndex((b) => b.byteLength >= length);
      const buffer = i >= 0 ? (free.splice(i, 1)[0] as ArrayBuffer) : new ArrayBuffer(length);
      out++;
      return new Uint8Array(buffer, 0, length);
    },
    give(bytes) {
      out = Math.max(0, out - 1);
      if (!closed) free.push(bytes.buffer as ArrayBuffer);
      poke();
    },
    ready,
    close() {
      closed = true;
      free.length = 0;
      poke();
    },
  };
}
