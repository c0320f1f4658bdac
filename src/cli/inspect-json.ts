// The `--json` report of `npm run inspect` (docs/cli.md): a pure function of a
// Session. Frames are numbered from 0 across the recording; times are ms from the turn's request, rounded to 0.1.
// `inspectJsonParts` gives the same text in parts (the report of 100,000 turns is never one object nor one string;
// a call's arguments of a megabyte or more are written in slices; the last such value's JSON is kept, so the
// strategies that share one parsed value (json.ts) stringify it once when it is their one large call).
import { inWireOrder } from '../core/strategies/call-order';
import { readyMs } from '../core/timeline';
import type { Anomaly, BuiltinStrategyId, Session, StrategyId, StrategyRun } from '../core/types';
import { STRATEGY_IDS } from '../core/types';
import { runsInTurn } from '../core/session/pipeline';
import { terminalSafe } from './terminal-safe';
import { stringifyDeep } from '../core/wire/safe-json';

export const round1 = (x: number | null): number | null => (x === null || !Number.isFinite(x) ? null : Math.round(x * 10) / 10);

export interface InspectJson {
  wire: string;
  frames: number;
  turns: {
    turn: number;
    frames: number;
    firstFrameMs: number | null;
    firstReasoningMs: number | null;
    firstTextMs: number | null;
    firstToolCallMs: number | null;
    lastFrameMs: number | null;
    finishReason: string | null;
    longestGapMs: number | null;
    anomalies: { code: string; frame: number | null; detail: string | null }[];
  }[];
  strategies: {
    id: StrategyId;
    applicable: boolean;
    ok: boolean;
    calls: { turn: number; key: string; id: string; name: string; arguments: unknown; readyFrame: number; readyMs: number | null }[];
    failures: { turn: number; frame: number | null; error: string }[];
  }[];
}

const anomaly = (a: Anomaly) => ({ code: a.code, frame: a.frame ?? null, detail: a.detail ?? null });

type Report = InspectJson;
type TurnReport = Report['turns'][number];
type StrategyReport = Report['strategies'][number];

const turnReport = (t: Session['timings'][number]): TurnReport => ({
  turn: t.turn,
  frames: t.frameCount,
  firstFrameMs: round1(t.firstFrameMs),
  firstReasoningMs: round1(t.firstReasoningMs),
  firstTextMs: round1(t.firstTextMs),
  firstToolCallMs: round1(t.firstToolCallMs),
  lastFrameMs: round1(t.lastFrameMs),
  finishReason: t.finishReason,
  longestGapMs: round1(t.longestGapMs),
  anomalies: t.anomalies.map(anomaly),
});

const callReport =
  (session: Session) =>
  (c: StrategyRun['calls'][number]): StrategyReport['calls'][number] => ({
    turn: c.turn,
    key: c.key,
    id: c.id,
    name: c.name,
    arguments: c.args,
    readyFrame: c.readyFrame,
    readyMs: round1(readyMs(session.recording, session.frames, c.readyFrame, c.turn)),
  });

const failures = (run: StrategyRun): StrategyRun['verdicts'] => run.verdicts.filter((v) => v.verdict === 'fail');

const failureReport = (v: StrategyRun['verdicts'][number]): StrategyReport['failures'][number] => ({ turn: v.turn, frame: v.frame ?? null, error: v.error ?? v.reason ?? 'fail' });

function strategy(session: Session, run: StrategyRun): StrategyReport {
  return { id: run.id, applicable: run.applicable, ok: run.verdict === 'ok', calls: inWireOrder(run.calls, session.carried).map(callReport(session)), failures: failures(run).map(failureReport) };
}

/**
 * What a terminal would act on and JSON.stringify leaves as it is (C1 controls, bidi controls, U+200B, the line /
 * paragraph separators) is escaped as \uXXXX by the CLIs' one escaping (./terminal-safe.ts), which JSON reads back as
 * the same character: a hostile recording cannot reorder or hide the text around it, and the output stays valid JSON.
 */
const escapeUnsafe = (json: string): string => terminalSafe(json);

/** Array elements stringified per part (JSON.stringify of an array is its elements' texts joined by commas). */
const BATCH = 4096;

/** `JSON.stringify(items.map(report))` without its brackets, in parts of BATCH elements (none for no items). */
function* elements<T, R>(items: readonly T[], report: (item: T) => R): Generator<string> {
  for (let i = 0; i < items.length; i += BATCH) {
    const json = stringifyDeep(items.slice(i, i + BATCH).map(report));
    yield `${i > 0 ? ',' : ''}${json.slice(1, -1)}`;
  }
}

/** An object's JSON without its closing brace, to go on with more members. */
const open = (members: object): string => stringifyDeep(members).slice(0, -1);

type Call = StrategyRun['calls'][number];

/** A call whose arguments text is this long or longer is written on its own, its arguments' JSON in slices. */
export const LARGE_ARGS = 1 << 20;
const SLICE = 1 << 20;

const isLarge = (c: Call): boolean => c.args !== undefined && c.argsText.length >= LARGE_ARGS;

/** `text` in slices of at most SLICE code units, never between the two halves of a surrogate pair. */
function* slices(text: string): Generator<string> {
  for (let i = 0; i < text.length; ) {
    let end = Math.min(text.length, i + SLICE);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    yield text.slice(i, end);
    i = end;
  }
}

/** The JSON of a value, the last one kept: the strategies that parsed one buffer share its value (json.ts), so a
 * recording's one large call is stringified once; several large calls are stringified once per strategy each. */
function argsWriter(): (value: unknown) => string {
  let last: { value: unknown; json: string } | undefined;
  return (value) => {
    if (last === undefined || last.value !== value) last = { value, json: stringifyDeep(value) };
    return last.json;
  };
}

/**
 * `elements(calls, callReport(session))`, but each large call on its own: its members as JSON.stringify orders
 * them (turn, key, id, name, arguments, readyFrame, readyMs), the arguments' JSON in slices.
 */
function* callElements(session: Session, calls: readonly Call[], argsJson: (value: unknown) => string): Generator<string> {
  const report = callReport(session);
  for (let i = 0; i < calls.length; ) {
    const comma = i > 0 ? ',' : '';
    let j = i;
    while (j < calls.length && j - i < BATCH && !isLarge(calls[j] as Call)) j++;
    if (j > i) {
      yield `${comma}${stringifyDeep(calls.slice(i, j).map(report)).slice(1, -1)}`;
      i = j;
      continue;
    }
    const { arguments: args, readyFrame, readyMs: ms, ...head } = report(calls[i] as Call);
    yield `${comma}${open(head)},"arguments":`;
    yield* slices(argsJson(args));
    yield `,${stringifyDeep({ readyFrame, readyMs: ms }).slice(1)}`;
    i++;
  }
}

/**
 * The `--json` report as one line of text, in parts that joined are `inspectJsonText`: each turn, call and failure
 * made and stringified a batch at a time, with the characters below escaped in each part (they are single
 * characters: escaping the parts is escaping the whole).
 */
export function* inspectJsonParts(session: Session, only?: BuiltinStrategyId, beforeRun?: () => void): Generator<string> {
  const ids = only ? [only] : STRATEGY_IDS;
  const argsJson = argsWriter();
  yield escapeUnsafe(`${open({ wire: session.wire, frames: session.frames.count })},"turns":[`);
  for (const part of elements(session.timings, turnReport)) yield escapeUnsafe(part);
  yield '],"strategies":[';
  // each strategy's run computed as its report is written, and let go before the next is computed (a session
  // analysed with its strategies pending: ./inspect.ts), so the peak holds one run, not six
  const runs = runsInTurn(session, ids, beforeRun);
  for (let k = 0; ; k++) {
    const run = runs.next();
    if (run === undefined) break;
    yield escapeUnsafe(`${k > 0 ? ',' : ''}${open({ id: run.id, applicable: run.applicable, ok: run.verdict === 'ok' })},"calls":[`);
    for (const part of callElements(session, inWireOrder(run.calls, session.carried), argsJson)) yield escapeUnsafe(part);
    yield '],"failures":[';
    for (const part of elements(failures(run), failureReport)) yield escapeUnsafe(part);
    yield ']}';
  }
  yield ']}';
}

/**
 * The `--json` report as one line of text: JSON.stringify with the characters above escaped. Arguments nested
 * deeper than JSON.stringify's stack allows (a few thousand levels) are written in full by an iterative serializer.
 */
export function inspectJsonText(session: Session, only?: BuiltinStrategyId): string {
  return [...inspectJsonParts(session, only)].join('');
}

export function inspectJson(session: Session, only?: BuiltinStrategyId): InspectJson {
  const ids = only ? [only] : STRATEGY_IDS;
  const runs = runsInTurn(session, ids);
  return {
    wire: session.wire,
    frames: session.frames.count,
    turns: session.timings.map(turnReport),
    strategies: ids.map(() => {
      const run = runs.next();
      if (run === undefined) throw new Error('a strategy without its run');
      return strategy(session, run);
    }),
  };
}
