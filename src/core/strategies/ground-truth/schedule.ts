/**
 * When the ground truth's readers make shapes (shape.ts) and which they try first, per turn.
 *
 * Contract: `learnShape` is called after an event read whole that said something; it makes a shape from it (never
 * from data over SHAPE_MAX characters, which does not count as an event for the schedule either) when the schedule
 * allows: builds back off (doubling, up to MAX_WAIT events) while the shapes they make go unused, and
 * the newest SHAPES shapes are kept. `fitShapesIn` tries the turn's shapes made under the event's SSE name, most
 * recently used first, and leaves the one that fitted in `turn.fit` (its values in the turn, a `ShapeFit`);
 * `usedShape` records that it was read by it. Never throws.
 */
import type { Shape, ShapeFit } from './fit';
import type { ReadWhole, ShapeSpec } from './shape';

/** Making shapes and fitting events to them (shape.ts `makeShape`, shape-fit.ts `fitShapeIn`). */
export interface ShapeCode {
  make: (data: string, event: string, read: ReadWhole, spec: ShapeSpec) => Shape | undefined;
  fit: (s: Shape, text: string, from: number, to: number, out: ShapeFit) => boolean;
}

let shapeCode: ShapeCode | undefined;

/**
 * Installs the shapes' code. Until then no shape is made (so none is fitted) and every event is read whole (a
 * shape reads the same), so a page that analyses only small recordings inline does not carry that code (see
 * core/learning.ts).
 */
export function installShapes(code: ShapeCode): void {
  shapeCode = code;
}

/** How many shapes a turn keeps, and the longest wait between two builds that went unused. */
const SHAPES = 6;
const MAX_WAIT = 256;

/** Per turn: its shapes and when the next may be built (and where `fitShapeIn` leaves what it read). */
export interface ShapeSchedule extends ShapeFit {
  shapes: Shape[];
  /** Events read whole since the last build, and how many must pass before the next. */
  since: number;
  wait: number;
  /** The last shape built, and whether an event has fitted it since. */
  built: Shape | undefined;
  builtHit: boolean;
  /** The shape `fitShapesIn` found last. */
  fit: Shape | undefined;
}

/**
 * A turn's schedule: fresh, or one that keeps what `prev` learned (its shapes, shared, and their build schedule)
 * with fresh scratch. One literal with every member (no spread): its shape is V8's literal boilerplate, which
 * outlives a run, so the optimized readers that saw it are not thrown away by a collection between two runs.
 * With `learn` false it never builds a shape (a small recording: every event is read whole, as a shape would read
 * it, without the cost of proving shapes that would serve a few events).
 */
export const shapeSchedule = (prev?: ShapeSchedule, learn = true): ShapeSchedule => ({
  shapes: prev === undefined ? [] : prev.shapes,
  since: prev === undefined ? 0 : prev.since,
  wait: !learn ? Number.POSITIVE_INFINITY : prev === undefined ? 0 : prev.wait,
  built: prev?.built,
  builtHit: prev === undefined ? false : prev.builtHit,
  vals: [],
  start: 0,
  end: 0,
  fit: undefined,
});

/**
 * Events whose data is longer than this are never made into a shape: makeShape's proofs copy and parse the data
 * several times (one 30 MB tool argument took the truth from 186 to 667 MB of peak memory), and an event that
 * large is read whole anyway.
 */
export const SHAPE_MAX = 256 * 1024;

/** After an event read whole that said something: a shape from it, when the schedule allows (see the contract). */
export function learnShape(turn: ShapeSchedule, data: string, event: string, read: ReadWhole, spec: ShapeSpec): void {
  const build = shapeCode?.make;
  if (build === undefined || data.length > SHAPE_MAX) return;
  if (turn.since++ < turn.wait) return;
  turn.wait = turn.builtHit ? 0 : Math.min(MAX_WAIT, turn.wait * 2 + 1);
  turn.since = 0;
  turn.builtHit = false;
  const s = build(data, event, read, spec);
  turn.built = s;
  if (s === undefined) return;
  turn.shapes.unshift(s);
  if (turn.shapes.length > SHAPES) turn.shapes.pop();
}

/** Whether the event `text.slice(from, to)` named `event` fits one of the turn's shapes (left in `turn.fit`). */
export function fitShapesIn(turn: ShapeSchedule, event: string, text: string, from: number, to: number): boolean {
  const shapes = turn.shapes;
  if (shapes.length === 0) return false;
  // shapes exist only where the code that made them was installed
  const fitShapeIn = (shapeCode as ShapeCode).fit;
  for (let i = 0; i < shapes.length; i++) {
    const s = shapes[i] as Shape;
    if (s.event !== event || !fitShapeIn(s, text, from, to, turn)) continue;
    turn.fit = s;
    return true;
  }
  return false;
}

/** The event that fitted `turn.fit` was read by it: that shape goes first, and counts as a hit if it is the newest. */
export function usedShape(turn: ShapeSchedule): void {
  const s = turn.fit;
  if (s === undefined) return;
  const shapes = turn.shapes;
  const i = shapes[0] === s ? 0 : shapes.indexOf(s);
  if (i > 0) {
    shapes[i] = shapes[0] as Shape;
    shapes[0] = s;
  }
  if (s === turn.built) turn.builtHit = true;
}
