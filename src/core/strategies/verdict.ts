/**
 * Verdicts: did a strategy produce exactly the calls the stream carried?
 *
 * Contract (per turn): `n/a` when the strategy does not apply; `ok` when the produced calls match the carried
 * ones one to one (same id, name and deep-equal parsed args) and every carried call is valid — a turn with no
 * carried and no produced call is ok (reason 'no-calls'); else `fail`. A failing turn reports the FIRST failed
 * parse attempt of the turn when there is one (reason 'parse-failed', with its frame, input and JSON.parse's
 * message, derived from the input when the attempt has none), else the earliest mismatch: 'call-never-ended' (a cut call nobody produced, at the stream end),
 * 'missing-call' (at the call's end frame), 'extra-call' / 'wrong-call' (at the produced call's ready frame),
 * 'invalid-arguments', 'unnamed-call' (the stream's call has an empty name: nothing can run it). Matching pairs a
 * carried call with an unused produced call of the same key and id, then the
 * same id, then the same key. Pure; never throws.
 */
import type {
  CallKey,
  CarriedCall,
  FrameIndex,
  Mutable,
  ParseAttempt,
  ReadyCall,
  TurnIndex,
  TurnVerdict,
  Verdict,
  VerdictReason,
} from '../types';
import { jsonEqual, parseError, parseJson } from './json';

export interface TurnInput {
  turn: TurnIndex;
  /** The turn's last frame (its stream end), if it has frames. */
  endFrame: FrameIndex | undefined;
  carried: readonly CarriedCall[];
  produced: readonly ReadyCall[];
  /** The turn's first failed parse attempt, if one failed. */
  failed: ParseAttempt | undefined;
  /** Resolves an attempt's input text (its buffer's slice). */
  inputOf: (a: ParseAttempt) => string;
}

interface Issue {
  frame: FrameIndex | undefined;
  reason: VerdictReason;
  key: CallKey;
}

/** Keys of the three matching rules, in priority order; undefined: the rule cannot match this call. */
const RULES: ((x: { key: CallKey; id: string }) => string | undefined)[] = [
  (x) => `${x.key}\u0000${x.id}`,
  (x) => (x.id !== '' ? x.id : undefined),
  (x) => x.key,
];

/** Per carried call, the index of its produced call (-1: none); per produced call, whether it was paired. */
interface Pairing {
  of: Int32Array;
  used: Uint8Array;
}

/**
 * Pairs carried with produced calls: for each rule in turn, each unpaired carried call takes the first unused
 * produced call with the same rule key. Indexed by key, so it is linear in the number of calls (a turn may carry
 * 100,000 calls). When the produced calls begin with the carried ones in order, same key and id (a strategy that
 * got every call), that is the pairing the first rule makes, found without building its index.
 */
function pair(carried: readonly CarriedCall[], produced: readonly ReadyCall[]): Pairing {
  const of = new Int32Array(carried.length).fill(-1);
  const used = new Uint8Array(produced.length);
  if (produced.length === 0) return { of, used };
  if (inOrder(carried, produced)) {
    for (let i = 0; i < carried.length; i++) {
      of[i] = i;
      used[i] = 1;
    }
    return { of, used };
  }
  for (const rule of RULES) {
    const queues = new Map<string, { items: number[]; next: number }>();
    for (let pi = 0; pi < produced.length; pi++) {
      const k = used[pi] === 1 ? undefined : rule(produced[pi] as ReadyCall);
      if (k === undefined) continue;
      const q = queues.get(k);
      if (q) q.items.push(pi);
      else queues.set(k, { items: [pi], next: 0 });
    }
    for (let ci = 0; ci < carried.length; ci++) {
      if ((of[ci] as number) >= 0) continue;
      const k = rule(carried[ci] as CarriedCall);
      const q = k === undefined ? undefined : queues.get(k);
      if (!q) continue;
      while (q.next < q.items.length && used[q.items[q.next] as number] === 1) q.next++;
      const pi = q.items[q.next];
      if (pi !== undefined) {
        q.next++;
        of[ci] = pi;
        used[pi] = 1;
      }
    }
  }
  return { of, used };
}

/** The i-th produced call has the i-th carried call's key and id, for every carried call. */
function inOrder(carried: readonly CarriedCall[], produced: readonly ReadyCall[]): boolean {
  if (produced.length < carried.length) return false;
  for (let i = 0; i < carried.length; i++) {
    const c = carried[i] as CarriedCall;
    const p = produced[i] as ReadyCall;
    if (c.key !== p.key || c.id !== p.id) return false;
  }
  return true;
}

function sameCall(c: CarriedCall, p: ReadyCall): boolean {
  if (c.id !== p.id || c.name !== p.name) return false;
  if (c.argsText === p.argsText) return true;
  const parsed = parseJson(c.argsText);
  return parsed.ok && jsonEqual(parsed.value, p.args);
}

export function turnVerdict(t: TurnInput): TurnVerdict {
  if (t.carried.length === 0 && t.produced.length === 0) return { turn: t.turn, verdict: 'ok', reason: 'no-calls' };
  // The earliest issue (an issue without a frame sorts last; the first found wins a tie): no list, no sort.
  let first: Issue | undefined;
  let firstAt = Infinity;
  const issue = (frame: FrameIndex | undefined, reason: VerdictReason, key: CallKey): void => {
    const at = frame ?? Infinity;
    if (first === undefined || at < firstAt) {
      first = { frame, reason, key };
      firstAt = at;
    }
  };
  const { of, used } = pair(t.carried, t.produced);
  for (let ci = 0; ci < t.carried.length; ci++) {
    const c = t.carried[ci] as CarriedCall;
    const p = t.produced[of[ci] as number];
    if (!p) {
      if (c.endFrame === undefined) issue(t.endFrame, 'call-never-ended', c.key);
      else issue(c.endFrame, 'missing-call', c.key);
    } else if (!sameCall(c, p)) issue(p.readyFrame, 'wrong-call', c.key);
    else if (!c.valid) issue(c.endFrame ?? c.startFrame, 'invalid-arguments', c.key);
    else if (c.name === '') issue(c.endFrame ?? c.startFrame, 'unnamed-call', c.key);
  }
  for (let pi = 0; pi < t.produced.length; pi++) {
    const p = t.produced[pi] as ReadyCall;
    if (used[pi] !== 1) issue(p.readyFrame, 'extra-call', p.key);
  }
  if (first === undefined) return { turn: t.turn, verdict: 'ok' };

  const failed = t.failed;
  if (failed) {
    const input = t.inputOf(failed);
    const v: Mutable<TurnVerdict> = { turn: t.turn, verdict: 'fail', reason: 'parse-failed', frame: failed.frame, input };
    // an attempt rejected without parsing (run-log.ts) has no message yet: JSON.parse's own, derived here once
    const error = failed.error ?? parseError(input);
    if (error !== undefined) v.error = error;
    if (failed.key !== null) v.key = failed.key;
    return v;
  }
  const earliest: Issue = first;
  const v: Mutable<TurnVerdict> = { turn: t.turn, verdict: 'fail', reason: earliest.reason, key: earliest.key };
  if (earliest.frame !== undefined) v.frame = earliest.frame;
  return v;
}

export function overallVerdict(applicable: boolean, verdicts: readonly TurnVerdict[]): Verdict {
  if (!applicable) return 'n/a';
  return verdicts.every((v) => v.verdict === 'ok') ? 'ok' : 'fail';
}

/** Group helper: items of a turn-sorted-or-not list, by turn. */
export function byTurn<T extends { turn: TurnIndex }>(items: readonly T[]): Map<TurnIndex, T[]> {
  const m = new Map<TurnIndex, T[]>();
  for (const x of items) {
    const list = m.get(x.turn);
    if (list) list.push(x);
    else m.set(x.turn, [x]);
  }
  return m;
}

/**
 * Like `byTurn`, without copying when the items come grouped by turn (each turn's items contiguous, as a log
 * written frame by frame is): each group is then a slice, and the whole list itself when there is one turn.
 */
export function turnGroups<T extends { turn: TurnIndex }>(items: readonly T[]): ReadonlyMap<TurnIndex, readonly T[]> {
  const m = new Map<TurnIndex, readonly T[]>();
  let from = 0;
  for (let i = 1; i <= items.length; i++) {
    const turn = (items[from] as T).turn;
    if (i < items.length && (items[i] as T).turn === turn) continue;
    if (m.has(turn)) return byTurn(items);
    m.set(turn, from === 0 && i === items.length ? items : items.slice(from, i));
    from = i;
  }
  return m;
}

/** Not-applicable verdicts for every turn. */
export function naVerdicts(turns: readonly TurnIndex[]): TurnVerdict[] {
  return turns.map((turn) => ({ turn, verdict: 'n/a', reason: 'not-applicable' }));
}
