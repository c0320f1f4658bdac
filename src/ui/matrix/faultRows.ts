// The strategy matrix's fault rows (issue 31): the shown shipped recording again under each of the lesson's failure
// modes, one lab fault per row, so a learner sees at once where a strategy (theirs too) still breaks. Pure.
import type { WireId } from '../../core/types';
import type { RecordingEntry } from '../../store/recordings';

/** One row of the matrix: a shipped recording, maybe with faults applied (in order). */
export interface MatrixLine {
  /** Unique in the table: the recording's id, then `+spec` per fault. */
  key: string;
  rec: RecordingEntry;
  faults: readonly string[];
}

/**
 * The faults the matrix grades on `wire` (a recording of `frames` frames, as shipped): interleaved parallel calls and
 * a reused index where the wire has call indices (Chat), arguments re-chunked three characters at a time, every
 * multi-byte character split across chunks, and the stream cut at its middle frame.
 */
export function lessonFaults(wire: WireId, frames: number): string[] {
  const specs = wire === 'openai-chat' ? ['interleave', 'reuse-index'] : [];
  specs.push('rechunk:3', 'split-utf8');
  if (frames > 2) specs.push(`cut:${Math.floor(frames / 2)}`);
  return specs;
}

export const lineOf = (rec: RecordingEntry, faults: readonly string[] = []): MatrixLine => ({ key: [rec.id, ...faults].join('+'), rec, faults });
