/**
 * What a buffer box shows at frame f: the fragments that arrived so far, cut to a window at the end of the text.
 *
 * Contract: pure; O(log n + k) for k fragments inside the window (binary search to the first one), no copy of the
 * whole buffer text. Empty fragments are kept (as `empty` segments) because they matter to the lesson.
 */
import type { BufferLog, FrameIndex } from '../../../core/types';
import { bufferLengthAt, fragmentsAt, type RunFragments } from '../../../core/session/view';
import { fragmentAt } from '../../../core/strategies/fragments';

export const WINDOW_CHARS = 4000;

export interface Segment {
  /** Index of the fragment in the buffer's log (parity drives the alternating tint). */
  fragment: number;
  text: string;
  empty: boolean;
  /** It arrived at the current frame. */
  current: boolean;
  frame: FrameIndex;
}

export interface BufferView {
  segments: Segment[];
  /** Characters in the buffer at f. */
  length: number;
  /** Fragments arrived by f. */
  fragments: number;
  /** Characters left out before the window (0 when all shown). */
  hidden: number;
}

export function bufferView(run: RunFragments, buffer: BufferLog, f: FrameIndex, windowChars = WINDOW_CHARS): BufferView {
  const n = fragmentsAt(run, buffer, f);
  const length = bufferLengthAt(run, buffer, f);
  const from = Math.max(0, length - windowChars);
  // First fragment to show: one that ends after `from`, or an empty one at/after it. Fragments are contiguous and
  // sorted, so this predicate is monotone and a binary search finds it.
  const shows = (i: number): boolean => {
    const frag = fragmentAt(run.fragments, buffer.id, i);
    return frag !== undefined && (frag.end > from || (frag.start === frag.end && frag.end >= from));
  };
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (shows(mid)) hi = mid;
    else lo = mid + 1;
  }
  const segments: Segment[] = [];
  for (let i = lo; i < n; i++) {
    const frag = fragmentAt(run.fragments, buffer.id, i);
    if (!frag) continue;
    const start = Math.max(frag.start, from);
    segments.push({
      fragment: i,
      text: buffer.text.slice(start, frag.end),
      empty: frag.start === frag.end,
      current: frag.frame === f,
      frame: frag.frame,
    });
  }
  return { segments, length, fragments: n, hidden: from };
}
