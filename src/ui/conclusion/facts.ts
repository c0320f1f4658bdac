/**
 * The conclusion line's facts, read from a strategy's run and the calls the stream carried, and turned into one
 * sentence in either language.
 *
 * Contract: pure and total. `conclusionFacts` picks the first failing turn verdict (core's verdict rules decide
 * what failed); for a parse failure it adds how many parses failed, whether the very first attempt failed, and the
 * plain-words reason from `explainParseFailure`. For `ok` on parse-each-fragment it says whether every carried call
 * arrived whole in one frame (the lesson's "never failed: each call arrived whole"). `conclusionSentence` renders it via the catalogs.
 * A strategy that core judges ok on a recording where a turn ends with `finish_reason: tool_calls` and no call gets
 * a third verdict, `warn` (`shownVerdict`): it assembled what was there, but an agent loop would wait for a call
 * that never comes. Core's verdicts stay ok / fail / n/a; the warning is read from the turn's anomaly.
 */
import { attemptAt, failedCount } from '../../core/strategies/attempts';
import { strategyFacts } from '../../core/strategies/facts';
import type { Session, StrategyId, TurnIndex, Verdict, VerdictReason } from '../../core/types';
import type { MessageKey, Translate } from '../../i18n';
import { naReasonKey } from '../../i18n/codes';
import { explainParseFailure, type Explanation } from './explain';

export type ConclusionFact =
  | { kind: 'na'; reasonKey: MessageKey }
  | { kind: 'no-calls' }
  /** `becauseWhole`: parse-each-fragment got away with it only because every call arrived whole in one frame. */
  | { kind: 'ok'; calls: number; becauseWhole: boolean }
  | {
      kind: 'fail-parse';
      turn: TurnIndex;
      frame: number;
      input: string;
      error: string;
      failed: number;
      attempts: number;
      firstAttempt: boolean;
      why: Explanation;
    }
  | { kind: 'fail-call'; turn: TurnIndex; reason: VerdictReason; key?: string; frame?: number; name?: string }
  /** ok by core's rules, but turn `turn` ends with finish_reason tool_calls and no call (at `frame`). */
  | { kind: 'warn-no-call'; turn: TurnIndex; frame?: number; reason: string };

/** The verdict the reader sees: core's, or `warn` for an ok run on a recording whose stream promised a call it never sent. */
export type ShownVerdict = Verdict | 'warn';

/** The first turn that ends with finish_reason tool_calls and carries no call, if any. */
export function noCallFinish(session: Session): { turn: TurnIndex; frame?: number } | null {
  const a = session.anomalies.find((x) => x.code === 'finish-tool-calls-without-call');
  return a ? { turn: a.turn, ...(a.frame !== undefined ? { frame: a.frame } : {}) } : null;
}

export function shownVerdict(session: Session, id: StrategyId): ShownVerdict {
  const v = session.strategies[id].verdict;
  return v === 'ok' && session.strategies[id].applicable && noCallFinish(session) ? 'warn' : v;
}

export function conclusionFacts(session: Session, id: StrategyId): ConclusionFact {
  const run = session.strategies[id];
  if (!run.applicable || run.verdict === 'n/a') return { kind: 'na', reasonKey: naReasonKey(run.naReason) };
  const failing = run.verdicts.find((v) => v.verdict === 'fail');
  if (!failing) {
    const noCall = noCallFinish(session);
    if (noCall) {
      const finish = session.timings.find((tm) => tm.turn === noCall.turn)?.finishReason ?? 'tool_calls';
      return { kind: 'warn-no-call', ...noCall, reason: finish };
    }
    if (session.carried.length === 0 && run.calls.length === 0) return { kind: 'no-calls' };
    // core's facts say whether each carried call's arguments arrived in a single frame
    const becauseWhole = id === 'parse-each-fragment' && strategyFacts(session, id).callsWhole;
    return { kind: 'ok', calls: run.calls.length, becauseWhole };
  }
  if (failing.reason === 'parse-failed' && failing.frame !== undefined) {
    const input = failing.input ?? '';
    const error = failing.error ?? '';
    const failed = failedCount(run.attempts);
    const first = attemptAt(run, 0);
    return {
      kind: 'fail-parse',
      turn: failing.turn,
      frame: failing.frame,
      input,
      error,
      failed,
      attempts: run.attempts.count,
      firstAttempt: first !== undefined && !first.ok && first.frame === failing.frame,
      why: explainParseFailure(input, error),
    };
  }
  // a call that never ended: name it, and point at the turn's last frame, where it is known to be cut
  const unended =
    failing.reason === 'call-never-ended' ? session.carried.find((c) => c.turn === failing.turn && c.key === failing.key && c.endFrame === undefined) : undefined;
  const lastOfTurn = session.timings.find((tm) => tm.turn === failing.turn)?.frames?.[1];
  const frame = failing.frame ?? (unended ? lastOfTurn : undefined);
  return {
    kind: 'fail-call',
    turn: failing.turn,
    reason: failing.reason ?? 'parse-failed',
    ...(failing.key !== undefined ? { key: failing.key } : {}),
    ...(frame !== undefined ? { frame } : {}),
    ...(unended && unended.name ? { name: unended.name } : {}),
  };
}

/** A quoted excerpt of a parse input, as JSON.parse would have been called with it. */
export function quoteInput(input: string, max = 40): string {
  const cut = input.length > max ? `${input.slice(0, max)}…` : input;
  return `'${cut.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

export function conclusionSentence(fact: ConclusionFact, strategyLabel: string, t: Translate): string {
  const strategy = strategyLabel;
  switch (fact.kind) {
    case 'na':
      return fact.reasonKey === 'na.pending'
        ? t('conclusion.pending', { strategy })
        : t('conclusion.na', { strategy, reason: t(fact.reasonKey) });
    case 'no-calls':
      return t('conclusion.ok.no-calls', { strategy });
    case 'ok':
      return fact.becauseWhole ? t('conclusion.ok.whole', { strategy }) : t('conclusion.ok', { strategy, calls: fact.calls });
    case 'fail-parse': {
      const common = { strategy, frame: fact.frame, error: fact.error, failed: fact.failed, attempts: fact.attempts };
      if (fact.firstAttempt && fact.why.shape === 'empty') {
        return t('conclusion.fail.first-fragment', { ...common, input: quoteInput(fact.input) });
      }
      return t('conclusion.fail.parse', { ...common, why: t(fact.why.key, fact.why.params) });
    }
    case 'warn-no-call':
      return t('conclusion.warn.no-call', { strategy, turn: fact.turn + 1, reason: fact.reason });
    case 'fail-call':
      if (fact.reason === 'call-never-ended' && fact.name !== undefined && fact.key !== undefined) {
        return t('conclusion.fail.unended', { strategy, turn: fact.turn + 1, name: fact.name, key: fact.key });
      }
      return fact.key !== undefined
        ? t('conclusion.fail.call', { strategy, turn: fact.turn + 1, reason: t(`reason.${fact.reason}`), key: fact.key })
        : t('conclusion.fail.other', { strategy, turn: fact.turn + 1, reason: t(`reason.${fact.reason}`) });
  }
}
