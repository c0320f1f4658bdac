// Every parse attempt so far, newest last. A run with at most PLAIN_ROWS attempts in all (every lesson recording
// but the longest runs) is a plain list: its rows flow, and a seek scrolls the newest into view by writing the
// scroll box's scrollTop (one layout read of a short list). A longer run's list is virtualized
// (./VirtualAttemptList.tsx, @tanstack/react-virtual), loaded on first use, so the first screen does not carry the
// virtualizer; until it is in, the plain list shows the newest PLAIN_ROWS attempts. The choice is made per run, not
// per frame, so scrubbing never swaps one list for the other. The scroll box takes focus, so the keyboard scrolls it
// and Tab walks its rows.
import { Suspense, useCallback, useLayoutEffect, useRef } from 'react';
import type { FrameIndex, StrategyRun } from '../../../core/types';
import type { Translate } from '../../../i18n';
import { Attempt } from './AttemptRow';
import { lazyView } from '../../shell/lazyView';
import { useOnShown } from './onShown';

export { bufferLabel, estimatedRowPx } from './AttemptRow';

/** The most attempts a run may have in all for its list to be plain (not virtualized). */
export const PLAIN_ROWS = 100;

const VirtualAttemptList = lazyView(() => import('./VirtualAttemptList'), (m) => m.default);

export interface AttemptListProps {
  run: StrategyRun;
  /** How many of the run's attempts were made so far (its table's first rows). */
  count: number;
  frame: FrameIndex;
  t: Translate;
  onSeek: (frame: FrameIndex) => void;
  hoveredFrames?: readonly [number, number] | null;
  onHoverFrames?: (range: [number, number] | null) => void;
  /** Id of the heading that names the list. */
  labelledBy: string;
}

const NO_HOVER = (): void => {};

/** Whether an attempt's frame lies in the hovered range. */
export const isIn = (frame: number | undefined, range: readonly [number, number]): boolean => frame !== undefined && frame >= range[0] && frame <= range[1];

export function AttemptList(props: AttemptListProps) {
  const full = { ...props, hoveredFrames: props.hoveredFrames ?? null, onHoverFrames: props.onHoverFrames ?? NO_HOVER };
  if (props.count === 0) return <p className="ss-muted">{props.t('panels.results.attempts.none')}</p>;
  if (props.run.attempts.count <= PLAIN_ROWS) return <PlainAttemptList {...full} />;
  return (
    <Suspense fallback={<PlainAttemptList {...full} />}>
      <VirtualAttemptList {...full} />
    </Suspense>
  );
}

/** The newest PLAIN_ROWS attempts as flowing rows; follows the newest on a seek until the reader scrolls by hand. */
function PlainAttemptList({ run, count, frame, t, onSeek, labelledBy, hoveredFrames, onHoverFrames }: Required<AttemptListProps>) {
  const scroller = useRef<HTMLDivElement | null>(null);
  const pinned = useRef(true);
  const first = Math.max(0, count - PLAIN_ROWS);
  const seen = useRef({ frame: -1, count: -1 });
  if (seen.current.frame !== frame || seen.current.count !== count) {
    seen.current = { frame, count };
    pinned.current = true;
  }
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [frame, count]);
  const shown = useOnShown((el) => {
    if (pinned.current) el.scrollTop = el.scrollHeight;
  });
  const setScroller = useCallback(
    (el: HTMLDivElement | null) => {
      scroller.current = el;
      return shown(el);
    },
    [shown],
  );
  const unpin = useCallback(() => {
    pinned.current = false;
  }, []);
  const frames = run.attempts.frame;
  const rows = Array.from({ length: count - first }, (_, i) => first + i);
  return (
    <div className="ss-attempts-scroll" ref={setScroller} onWheel={unpin} onPointerDown={unpin} onTouchStart={unpin} onKeyDown={unpin} role="group" aria-labelledby={labelledBy} tabIndex={0}>
      <ol className="ss-attempts ss-flow">
        {rows.map((i) => (
          <Attempt
            key={i}
            run={run}
            index={i}
            count={count}
            t={t}
            current={frames[i] === frame}
            linked={hoveredFrames ? isIn(frames[i], hoveredFrames) : false}
            onSeek={onSeek}
            onHoverFrames={onHoverFrames}
          />
        ))}
      </ol>
    </div>
  );
}
