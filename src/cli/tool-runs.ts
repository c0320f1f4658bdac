/**
 * The tool runs of a recording (`tool` events: what a recorded agent's tools took between its turns) as the readable
 * report of `inspect` words them. The recording proxy writes one per answered call.
 *
 * Contract: pure. `toolRunLines(session, lang)` is empty for a recording with no tool run; else a head line
 * (`tool runs: N`) and one line per run in file order, `  turn T → CALL NAME: D ms` (words from the 'cli' catalog;
 * the call id and name escaped for a terminal, ./terminal-safe.ts; D rounded to 0.1 without digit grouping; codes
 * and ids the same in both languages). `--json` keeps the shape DESIGN §9 fixes and carries no tool runs.
 */
import type { Session } from '../core/types';
import { translate, type Lang } from '../i18n';
import { terminalSafe } from './terminal-safe';

const fixed = (x: number): string => (Math.round(x * 10) / 10).toFixed(1);

export function toolRunLines(session: Session, lang: Lang = 'en'): string[] {
  const runs = session.recording.tools;
  if (runs.length === 0) return [];
  return [
    translate(lang, 'cli.tools', { count: String(runs.length) }),
    ...runs.map((r) => translate(lang, 'cli.tool', { turn: String(r.turn), id: terminalSafe(r.callId), name: terminalSafe(r.name), ms: fixed(r.durationMs) })),
  ];
}
