// The props every panel receives from the shell. Panels are presentational: they read the immutable Session at
// one frame through core/session/view accessors, and report seeks / call selection upward. They never import
// each other or the store.
import type { CallRef, FrameIndex, Session, StrategyId } from '../../core/types';
import type { Lang, Translate } from '../../i18n';


export interface PanelProps {
  session: Session;
  strategy: StrategyId;
  frame: FrameIndex;
  lang: Lang;
  t: Translate;
  theme: 'light' | 'dark';
  selectedCall: CallRef | null;
  hoveredCall: CallRef | null;
  onSeek: (frame: FrameIndex) => void;
  onSelectCall: (call: CallRef | null) => void;
  onHoverCall: (call: CallRef | null) => void;
  /** Frames hovered in another view (e.g. a waterfall turn), [first, last]; panels may highlight them. */
  hoveredFrames?: readonly [number, number] | null;
  onHoverFrames?: (range: [number, number] | null) => void;
}

export const sameCall = (a: CallRef | null, b: CallRef | null): boolean =>
  a !== null && b !== null && a.turn === b.turn && a.key === b.key;
