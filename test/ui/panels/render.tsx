// Renders a panel with PanelProps over a Session, with spies for the callbacks. jsdom has no layout, so the
// virtualized list is given a size through offsetWidth/offsetHeight.
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { frameIndex, type Session, type StrategyId } from '../../../src/core/types';
import { translator, type Lang } from '../../../src/i18n';
import type { CallRef } from '../../../src/core/types';
import type { PanelProps } from '../../../src/ui/panels/types';

export function giveElementsASize(): void {
  // The virtualizer reads clientHeight for its viewport and offsetHeight per row.
  for (const [name, value] of [['offsetHeight', 600], ['offsetWidth', 800], ['clientHeight', 600], ['clientWidth', 800]] as const) {
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
  }
}

export function renderPanel(
  Panel: ComponentType<PanelProps>,
  session: Session,
  opts: { strategy?: StrategyId; frame?: number; lang?: Lang; selectedCall?: CallRef | null; hoveredFrames?: [number, number] | null } = {},
) {
  const lang = opts.lang ?? 'en';
  const props: PanelProps = {
    session,
    strategy: opts.strategy ?? 'per-call-buffer',
    frame: frameIndex(opts.frame ?? 0),
    lang,
    t: translator(lang),
    theme: 'light',
    selectedCall: opts.selectedCall ?? null,
    hoveredCall: null,
    onSeek: vi.fn(),
    onSelectCall: vi.fn(),
    onHoverCall: vi.fn(),
    hoveredFrames: opts.hoveredFrames ?? null,
    onHoverFrames: vi.fn(),
  };
  return { ...render(<Panel {...props} />), props };
}
