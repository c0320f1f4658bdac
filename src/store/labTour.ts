/**
 * Guided tours: the JSON format course authors write (docs/tours.md), read strictly, and where a step lands.
 *
 * Contract: pure. `parseTour(json, id)` never throws: it returns the tour, or the first problem as a path into the
 * file (`steps[2].strategy`) and what was expected, so an author can fix it. `resolveStepFrame(at, session,
 * strategy)` turns a step's `frame` (a number, "first-fail", "last" or {turn, at, offset}) into a frame index of
 * that session, clamped to its frames; it never throws on a session without frames (0).
 */
import type { FrameIndex, Localized, Session, StrategyId } from '../core/types';
import { STRATEGY_IDS, frameIndex } from '../core/types';
import { CODE_LANGS, type CodeLang } from './url';

/** Panels a step may point at. */
export const HIGHLIGHTS = ['raw', 'buffers', 'results', 'waterfall', 'scrubber', 'conclusion', 'lab', 'matrix', 'code', 'exercise'] as const;
export type Highlight = (typeof HIGHLIGHTS)[number];

export type TurnAnchor = 'start' | 'end' | 'longest-gap';
/** A frame number (0-based, as the URL's f), the strategy's first failing frame, the last frame, or a place in a turn
 * counted from 1 as the app shows turns. */
export type StepFrame = number | 'first-fail' | 'last' | { turn: number; at?: TurnAnchor; offset?: number };

export interface TourChoice {
  label: Localized;
  correct?: boolean;
}

export interface TourPrediction {
  question: Localized;
  choices: TourChoice[];
  /** Shown once the answer is revealed. */
  explain?: Localized;
  /** Where revealing goes: a frame, or "next" (the frame after the step's). Default "next". */
  reveal?: StepFrame | 'next';
}

export interface TourStep {
  title?: Localized;
  caption: Localized;
  rec?: string;
  strategy?: StrategyId;
  frame?: StepFrame;
  /** The faults in force for this step ([] clears them; absent: none either, so each step says what it shows). */
  faults?: string[];
  highlight?: Highlight;
  /** Opens the strategy code view in this language (the step's lines lit at its frame). */
  code?: CodeLang;
  /** Opens the exercise editor ("Your strategy", exercise=1): the learner writes the strategy at this step. */
  exercise?: boolean;
  predict?: TourPrediction;
}

export interface Tour {
  id: string;
  title: Localized;
  steps: TourStep[];
}

export interface TourState extends Tour {
  /** The current step (0-based). */
  step: number;
  /** For a step with a prediction: the choice the learner made, and whether the answer is shown. */
  chosen: number | null;
  revealed: boolean;
}


export type ParseTourResult = { ok: true; tour: Tour } | { ok: false; path: string; expected: string };

export { TOUR_ID } from './labUrl';
const REC_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const MAX_STEPS = 200;

class TourProblem {
  constructor(
    readonly path: string,
    readonly expected: string,
  ) {}
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function localized(v: unknown, path: string): Localized {
  if (!isObject(v) || typeof v.en !== 'string' || typeof v.zh !== 'string' || v.en.trim() === '' || v.zh.trim() === '') {
    throw new TourProblem(path, '{"zh": "…", "en": "…"} with both texts');
  }
  return { zh: v.zh, en: v.en };
}

function stepFrame(v: unknown, path: string): StepFrame {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  if (v === 'first-fail' || v === 'last') return v;
  if (isObject(v) && typeof v.turn === 'number' && Number.isInteger(v.turn) && v.turn >= 1) {
    const out: { turn: number; at?: TurnAnchor; offset?: number } = { turn: v.turn };
    if (v.at !== undefined) {
      if (v.at !== 'start' && v.at !== 'end' && v.at !== 'longest-gap') throw new TourProblem(`${path}.at`, '"start", "end" or "longest-gap"');
      out.at = v.at;
    }
    if (v.offset !== undefined) {
      if (typeof v.offset !== 'number' || !Number.isInteger(v.offset)) throw new TourProblem(`${path}.offset`, 'a whole number');
      out.offset = v.offset;
    }
    return out;
  }
  throw new TourProblem(path, 'a frame number, "first-fail", "last" or {"turn": N (from 1), "at": "start|end|longest-gap", "offset": K}');
}

function prediction(v: unknown, path: string): TourPrediction {
  if (!isObject(v)) throw new TourProblem(path, 'an object {question, choices, explain?, reveal?}');
  const question = localized(v.question, `${path}.question`);
  if (!Array.isArray(v.choices) || v.choices.length < 2 || v.choices.length > 6) throw new TourProblem(`${path}.choices`, '2 to 6 choices');
  const choices = v.choices.map((c: unknown, i): TourChoice => {
    if (!isObject(c)) throw new TourProblem(`${path}.choices[${i}]`, 'an object {label, correct?}');
    const label = localized(c.label, `${path}.choices[${i}].label`);
    if (c.correct !== undefined && typeof c.correct !== 'boolean') throw new TourProblem(`${path}.choices[${i}].correct`, 'true or false');
    return c.correct ? { label, correct: true } : { label };
  });
  const out: TourPrediction = { question, choices };
  if (v.explain !== undefined) out.explain = localized(v.explain, `${path}.explain`);
  if (v.reveal !== undefined) out.reveal = v.reveal === 'next' ? 'next' : stepFrame(v.reveal, `${path}.reveal`);
  return out;
}

function step(v: unknown, path: string): TourStep {
  if (!isObject(v)) throw new TourProblem(path, 'an object with at least a caption');
  const out: TourStep = { caption: localized(v.caption, `${path}.caption`) };
  if (v.title !== undefined) out.title = localized(v.title, `${path}.title`);
  if (v.rec !== undefined) {
    if (typeof v.rec !== 'string' || !REC_ID.test(v.rec)) throw new TourProblem(`${path}.rec`, 'a recording id from recordings/index.json');
    out.rec = v.rec;
  }
  if (v.strategy !== undefined) {
    if (!(STRATEGY_IDS as readonly unknown[]).includes(v.strategy)) throw new TourProblem(`${path}.strategy`, `one of ${STRATEGY_IDS.join(', ')}`);
    out.strategy = v.strategy as StrategyId;
  }
  if (v.frame !== undefined) out.frame = stepFrame(v.frame, `${path}.frame`);
  if (v.faults !== undefined) {
    if (!Array.isArray(v.faults) || !v.faults.every((f) => typeof f === 'string' && f.trim() !== '')) {
      throw new TourProblem(`${path}.faults`, 'a list of fault specs such as ["rechunk:3", "cut:12"]');
    }
    out.faults = v.faults as string[];
  }
  if (v.code !== undefined) {
    if (!(CODE_LANGS as readonly unknown[]).includes(v.code)) throw new TourProblem(`${path}.code`, `one of ${CODE_LANGS.join(', ')}`);
    out.code = v.code as CodeLang;
  }
  if (v.exercise !== undefined) {
    if (typeof v.exercise !== 'boolean') throw new TourProblem(`${path}.exercise`, 'true or false');
    if (v.exercise) out.exercise = true;
  }
  if (v.highlight !== undefined) {
    if (!(HIGHLIGHTS as readonly unknown[]).includes(v.highlight)) throw new TourProblem(`${path}.highlight`, `one of ${HIGHLIGHTS.join(', ')}`);
    out.highlight = v.highlight as Highlight;
  }
  if (v.predict !== undefined) out.predict = prediction(v.predict, `${path}.predict`);
  return out;
}

export function parseTour(json: unknown, id: string): ParseTourResult {
  try {
    if (!isObject(json)) throw new TourProblem('(file)', 'a JSON object {"streamscope-tour": 1, "title", "steps"}');
    if (json['streamscope-tour'] !== 1) throw new TourProblem('streamscope-tour', 'the format version 1');
    const title = localized(json.title, 'title');
    if (!Array.isArray(json.steps) || json.steps.length === 0 || json.steps.length > MAX_STEPS) {
      throw new TourProblem('steps', `a list of 1 to ${MAX_STEPS} steps`);
    }
    const steps = json.steps.map((s: unknown, i) => step(s, `steps[${i}]`));
    return { ok: true, tour: { id, title, steps } };
  } catch (e) {
    if (e instanceof TourProblem) return { ok: false, path: e.path, expected: e.expected };
    return { ok: false, path: '(file)', expected: String(e) };
  }
}

function firstFail(session: Session, strategy: StrategyId): number | null {
  let best: number | null = null;
  for (const v of session.strategies[strategy].verdicts) {
    if (v.verdict === 'fail' && v.frame !== undefined && (best === null || v.frame < best)) best = v.frame;
  }
  return best;
}

export function resolveStepFrame(at: StepFrame | undefined, session: Session, strategy: StrategyId): FrameIndex {
  const last = Math.max(0, session.frames.count - 1);
  const clamp = (f: number) => frameIndex(Math.min(last, Math.max(0, Math.round(f))));
  if (at === undefined) return frameIndex(0);
  if (typeof at === 'number') return clamp(at);
  if (at === 'last') return clamp(last);
  if (at === 'first-fail') return clamp(firstFail(session, strategy) ?? last);
  // tours count turns from 1, as the app shows them ("Turn 7" is the recording's turn index 6)
  const timing = session.timings.find((t) => t.turn === at.turn - 1);
  if (!timing?.frames) return clamp(last);
  const [start, end] = timing.frames;
  let base: number = start;
  if (at.at === 'end') base = end;
  else if (at.at === 'longest-gap') {
    const longest = timing.gaps.reduce<(typeof timing.gaps)[number] | null>((a, g) => (a === null || g.lengthMs > a.lengthMs ? g : a), null);
    base = longest ? longest.frame : start;
  }
  return clamp(base + (at.offset ?? 0));
}
