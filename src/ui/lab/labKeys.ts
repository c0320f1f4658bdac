// The teaching tools' keys on the player: P toggles presenter mode, Page Down / Page Up step an open tour.
import type { KeyboardEvent } from 'react';
import type { PlayerStore } from '../../store/player';
import type { keyTargetOf } from '../shell/keys';

/** The teaching tools' keys: P toggles presenter mode, Page Down / Page Up step an open tour. True when handled. */
export function labKey(e: KeyboardEvent<HTMLDivElement>, store: PlayerStore, target: ReturnType<typeof keyTargetOf>): boolean {
  if (e.ctrlKey || e.altKey || e.metaKey || target === 'text') return false;
  const s = store.lab.getState();
  if (e.key === 'p' || e.key === 'P') {
    e.preventDefault();
    store.actions.setPresenter(!s.presenter);
    return true;
  }
  if ((e.key === 'PageDown' || e.key === 'PageUp') && s.tour) {
    e.preventDefault();
    void store.actions.tourStep(s.tour.step + (e.key === 'PageDown' ? 1 : -1));
    return true;
  }
  return false;
}
