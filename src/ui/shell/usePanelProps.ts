// Builds the props every panel receives (ui/panels/types PanelProps) from the player store; callbacks are stable.
// A new session reaches the panels through a deferred (time-sliced, interruptible) render, so the first paint of a
// large recording does not block the page in one long task; frame and strategy changes of the same session are
// passed on at once, so seeking stays immediate.
import { useDeferredValue, useMemo } from 'react';
import { frameIndex, type FrameIndex } from '../../core/types';
import { useActions, usePlayer } from '../../store/react';
import type { CallRef } from '../../core/types';
import type { PanelProps } from '../panels/types';
import { useResolvedTheme } from '../theme/theme';
import { useT } from './useT';

export function usePanelProps(): PanelProps | null {
  const { t, lang } = useT();
  const a = useActions();
  const session = usePlayer((s) => s.session);
  const strategy = usePlayer((s) => s.strategy);
  const frame = usePlayer((s) => s.frame);
  const selectedCall = usePlayer((s) => s.selectedCall);
  const hoveredCall = usePlayer((s) => s.hoveredCall);
  const hoveredFrames = usePlayer((s) => s.hoveredFrames);
  const theme = useResolvedTheme(usePlayer((s) => s.theme));
  const callbacks = useMemo(
    () => ({
      onSeek: (f: FrameIndex) => a.seek(frameIndex(f)),
      onSelectCall: (c: CallRef | null) => a.selectCall(c),
      onHoverCall: (c: CallRef | null) => a.hoverCall(c),
      onHoverFrames: (range: [number, number] | null) => a.hoverFrames(range && [frameIndex(range[0]), frameIndex(range[1])]),
    }),
    [a],
  );
  const props = useMemo(
    () => (session ? { session, strategy, frame, lang, t, theme, selectedCall, hoveredCall, hoveredFrames, ...callbacks } : null),
    [session, strategy, frame, lang, t, theme, selectedCall, hoveredCall, hoveredFrames, callbacks],
  );
  const deferred = useDeferredValue(props);
  // same session: the current props (never lag a seek); new session: the previous view until the deferred render lands
  return deferred?.session === props?.session ? props : deferred;
}
