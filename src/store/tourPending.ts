/**
 * True while the open tour's step asks for a prediction that is not revealed yet: the timeline then shows no marker
 * after the current frame and the conclusion waits, so neither gives the answer away. Kept apart from labTour.ts
 * (the tour parser, loaded with the first tour) because the first view's timeline and conclusion ask it.
 */
import type { TourState } from './labTour';

export function predictionPending(tour: TourState | null): boolean {
  const step = tour?.steps[tour.step];
  return !!tour && !!step?.predict && !tour.revealed;
}
