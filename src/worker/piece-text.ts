/**
 * The frame table's decoded text on the page, rebuilt from the bytes the page already has instead of being sent.
 *
 * The analysis worker decodes a turn's bytes in pieces of about 1 MiB (core/sse/decode.ts) and sends the page the
 * turn's chunk table, those very bytes, without a copy. Sending the pieces too would copy the whole text twice more
 * (serialized in the worker, deserialized on the page's main thread: 192 MB each for the 1M-frame bench recording)
 * and keep it whole on the page, where a learner reads a few frames at a time.
 *
 * Contract:
 * - `textFromBytes(table, turns)` (worker side): whether every piece of the table is a range of its turn's bytes
 *   (`pieceByte[p] >= 0`) and every turn's number is its place in `turns` (the decoder numbers a turn by its
 *   `index`, the page finds it by place), so the worker may leave the pieces out.
 * - `decodePieces(session)` (page side, after assembly): when the session's frame table came without its pieces
 *   (`pieces` empty, `pieceByte` not), gives it a `pieces` list of the same length whose entry p is decoded from
 *   `recording.turns[pieceTurn[p]].chunks.bytes`, from `pieceByte[p]` to the next piece of that turn or the turn's
 *   end, with one `TextDecoder('utf-8', { ignoreBOM: true })` call: exactly the worker's text. Each entry is decoded
 *   when first read and then kept (an accessor that replaces itself with the string), so the list costs nothing until
 *   read and never more than the text sent whole; it is a real array (structuredClone and JSON read its getters).
 *   A piece whose turn, table or byte range is missing or out of order is an Error naming it, as assemble.ts's are,
 *   before any is decoded. Any other session is returned as it is.
 */
import type { FrameTable, Session, Turn } from '../core/types';

export function textFromBytes(t: FrameTable, turns: readonly Turn[]): boolean {
  if (t.pieces.length === 0 || t.pieceByte.length !== t.pieces.length) return false;
  for (let i = 0; i < turns.length; i++) {
    const index = turns[i]?.index;
    if (typeof index === 'number' && index !== i) return false;
  }
  for (let p = 0; p < t.pieceByte.length; p++) if (!((t.pieceByte[p] as number) >= 0)) return false;
  return true;
}

const DECODER = new TextDecoder('utf-8', { ignoreBOM: true });

export function decodePieces(session: Session): Session {
  const t = session.frames;
  const n = t.pieceByte.length;
  if (t.pieces.length !== 0 || n === 0) return session;
  const turns = session.recording.turns;
  const ranges: Uint8Array[] = [];
  for (let p = 0; p < n; p++) {
    const turn = t.pieceTurn[p] as number;
    const bytes = turns[turn]?.chunks.bytes;
    if (bytes === undefined) throw new Error(`analysis worker: frames.pieces.${p} is in turn ${turn}, which has no chunk table`);
    const start = t.pieceByte[p] as number;
    const end = p + 1 < n && t.pieceTurn[p + 1] === turn ? (t.pieceByte[p + 1] as number) : bytes.length;
    if (!(start >= 0 && start <= end && end <= bytes.length)) {
      throw new Error(`analysis worker: frames.pieces.${p} is bytes ${start}..${end} of turn ${turn}, outside 0..${bytes.length}`);
    }
    ranges.push(bytes.subarray(start, end));
  }
  const pieces: string[] = new Array<string>(n);
  for (let p = 0; p < n; p++) {
    Object.defineProperty(pieces, p, {
      configurable: true,
      enumerable: true,
      get(): string {
        const text = DECODER.decode(ranges[p]);
        Object.defineProperty(pieces, p, { value: text, writable: false, enumerable: true, configurable: false });
        return text;
      },
    });
  }
  (session as { frames: FrameTable }).frames = { ...t, pieces };
  return session;
}
