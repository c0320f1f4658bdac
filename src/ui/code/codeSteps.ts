/**
 * Which lines of a reference strategy's code handled a frame, and the values they touched there, read from the
 * strategy's own logs (the fast run the panels show: ./differential tests prove the reference logs the same).
 *
 * Contract: pure. A line is classified once per source (`classify`): a dispatch line (`e.kind === 'args'`,
 * `kind == "args"`), an action line (append, parse, ready: the `out` calls and the helpers that make them), and
 * where it sits: in the branch of an event kind inside the loop over the turn's events, in a helper defined before
 * the loop, or after the loop (the turn's end). At frame f a dispatch line is lit when an event of its kind is at f;
 * an action line when its action happened at f (a fragment appended, a parse attempted, a call made ready) and its
 * branch's event is at f (a helper's: any event at f; after the loop: f is the turn's last frame). Nothing happened
 * at f (no event the strategy reads, no action): no line is lit.
 */
import { signalsAt } from '../../core/wire/signal-table';
import { attemptAt } from '../../core/strategies/attempts';
import { bufferRows, bufferText } from '../../core/strategies/buffers';
import { fragmentCount, fragmentEnd, fragmentFrame } from '../../core/strategies/fragments';
import { attemptError } from '../../core/session/view';
import type { Session, StrategyId } from '../../core/types';
import type { CodeLang } from '../../store/url';

export type Action = 'append' | 'parse' | 'ready';
type EventKind = 'start' | 'args' | 'end' | 'complete' | 'finish';
type Place = { in: 'branch'; kind: EventKind } | { in: 'helper' } | { in: 'after' } | { in: 'loop' } | { in: 'outside' };

export interface LineInfo {
  dispatch: EventKind | null;
  actions: Action[];
  place: Place;
}

const DISPATCH = /kind"?\]? (?:===?|!==?) ["'](start|args|end|complete|finish)["']/;
const LOOP = { ts: /for \(const e of turn\.events\)/, py: /for e in turn\["events"\]/ };
const ACTIONS: Record<Action, RegExp> = {
  append: /\.append\(|appendWhole\(|append_whole\(|tryFragment\(|try_fragment\(/,
  parse: /\.parse\(|\.close\(|\.closeAll\(|\.close_all\(|tryFragment\(|try_fragment\(/,
  ready: /\.ready\(|\.close\(|\.closeAll\(|\.close_all\(/,
};
const indent = (line: string) => line.length - line.trimStart().length;

export function classify(source: string, lang: CodeLang): LineInfo[] {
  const lines = source.split('\n');
  const loopAt = lines.findIndex((l) => LOOP[lang].test(l));
  const loopIndent = loopAt < 0 ? 0 : indent(lines[loopAt] ?? '');
  let branch: EventKind | null = null;
  let after = false;
  return lines.map((line, i) => {
    const trimmed = line.trim();
    const dispatch = (DISPATCH.exec(line)?.[1] as EventKind | undefined) ?? null;
    const actions = trimmed.startsWith('//') || trimmed.startsWith('#') ? [] : (Object.keys(ACTIONS) as Action[]).filter((a) => ACTIONS[a].test(line));
    let place: Place;
    if (loopAt < 0 || i < loopAt) place = { in: i > 0 && indent(line) > 0 ? 'helper' : 'outside' };
    else if (i === loopAt) place = { in: 'loop' };
    else {
      if (!after && trimmed !== '' && indent(line) <= loopIndent && !/^[})\]]/.test(trimmed)) after = true;
      if (dispatch) branch = dispatch;
      place = after ? { in: 'after' } : branch ? { in: 'branch', kind: branch } : { in: 'loop' };
    }
    return { dispatch, actions, place };
  });
}

const KIND_OF: Record<string, EventKind> = { 'call-start': 'start', args: 'args', 'call-end': 'end', 'call-complete': 'complete', finish: 'finish' };

/** What the strategy did at frame f: the event kinds there, and per action its values (for the values in place). */
export interface FrameActions {
  kinds: Set<EventKind>;
  /** The turn ended at this frame (the lines after the loop run). */
  turnEnd: boolean;
  append: string[];
  parse: { ok: boolean; input: string; error?: string }[];
  ready: string[];
}

export function actionsAt(session: Session, strategy: StrategyId, f: number): FrameActions {
  const run = session.strategies[strategy];
  const kinds = new Set<EventKind>();
  for (const s of signalsAt(session.signals, f)) {
    const k = KIND_OF[s.kind];
    if (k) kinds.add(k);
  }
  const turn = session.frames.turn[f];
  const turnEnd = f + 1 >= session.frames.count || session.frames.turn[f + 1] !== turn;
  const out: FrameActions = { kinds, turnEnd, append: [], parse: [], ready: [] };
  if (!run.applicable) return out;
  for (const b of bufferRows(run.buffers)) {
    const t = run.fragments;
    for (let i = 0, n = fragmentCount(t, b.id); i < n; i++) if (fragmentFrame(t, b.id, i) === f) out.append.push(b.text.slice(0, fragmentEnd(t, b.id, i)));
  }
  const a = run.attempts;
  for (let i = 0; i < a.count; i++) {
    if (a.frame[i] !== f) continue;
    const attempt = attemptAt(run, i);
    if (!attempt) continue;
    const input = bufferText(run.buffers, attempt.bufferId).slice(attempt.start, attempt.end);
    const error = attemptError(run, attempt);
    out.parse.push({ ok: attempt.ok, input, ...(error !== undefined && { error }) });
  }
  for (const c of run.calls) if (c.readyFrame === f) out.ready.push(c.name || c.key);
  return out;
}

/** The lines lit at this frame (0-based), with the actions each stands for. */
export function litLines(info: readonly LineInfo[], act: FrameActions): Map<number, Action[]> {
  const lit = new Map<number, Action[]>();
  const happened = (a: Action) => act[a].length > 0;
  const anyEvent = act.kinds.size > 0;
  info.forEach((line, i) => {
    if (line.dispatch && act.kinds.has(line.dispatch)) lit.set(i, []);
    const p = line.place;
    const active = p.in === 'branch' ? act.kinds.has(p.kind) : p.in === 'helper' ? anyEvent || act.turnEnd : p.in === 'after' ? act.turnEnd : false;
    if (!active) return;
    const done = line.actions.filter(happened);
    if (done.length > 0) lit.set(i, done);
  });
  return lit;
}
