/**
 * Calls the stream opened and never ended (cut streams, an error event, a Responses stream without `.done`), as
 * the panels say it once the turn has no more frames: "never ended — do not execute".
 *
 * Contract: pure, over core's carried calls (a carried call without `endFrame` never got its end signal).
 * `unendedAt(session, turn, key, f)` lists the turn's never-ended calls (only the one with `key` when it is given)
 * when f is at or after the turn's last frame, else nothing: before that the call may still end.
 */
import type { CallKey, CarriedCall, Session, TurnIndex } from '../../core/types';

export function turnLastFrame(session: Session, turn: TurnIndex): number | null {
  return session.timings.find((t) => t.turn === turn)?.frames?.[1] ?? null;
}

export function unendedAt(session: Session, turn: TurnIndex, key: CallKey | null, f: number): CarriedCall[] {
  const last = turnLastFrame(session, turn);
  if (last === null || f < last) return [];
  return session.carried.filter((c) => c.turn === turn && c.endFrame === undefined && (key === null || c.key === key));
}

/** True when f lies in the hovered range [first, last]. */
export const inRange = (range: readonly [number, number] | null | undefined, f: number): boolean =>
  range !== null && range !== undefined && f >= range[0] && f <= range[1];
