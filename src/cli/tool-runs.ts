/**
 * The tool runs of a recording (`tool` events: what a recorded agent's tools took between its turns) as `inspect`
 * reports them: lines for the summary and entries for `--json`. The recording proxy writes one per answered call.
 *
 * Contract: pure. `toolRunLines(session, lang)` is empty for a recording with no tool run; else a head line
 * (`tool runs: N`) and one line per run in file order, `  turn T → CALL NAME: D ms` (the call id and name escaped for
 * a terminal, ./terminal-safe.ts; D rounded to 0.1 without digit grouping; codes and ids the same in both
 * languages). `toolRunsJson(session)` gives `{turn, callId, name, startMs, durationMs}` per run, `startMs` from the
 * request of the turn that asked for the call (rounded to 0.1).
 */
import type { Session } from '../core/types';
import type { Lang } from '../i18n';
import { terminalSafe } from './terminal-safe';

export interface ToolRunJson {
  turn: number;
  callId: string;
  name: string;
  startMs: number;
  durationMs: number;
}

const round1 = (x: number): number => Math.round(x * 10) / 10;
const fixed = (x: number): string => round1(x).toFixed(1);

const WORDS: Record<Lang, { head: (n: number) => string; run: (turn: number, id: string, name: string, ms: string) => string }> = {
  en: { head: (n) => `tool runs: ${n}`, run: (turn, id, name, ms) => `  turn ${turn} → ${id} ${name}: ${ms} ms` },
  zh: { head: (n) => `工具运行：${n} 次`, run: (turn, id, name, ms) => `  轮次 ${turn} → ${id} ${name}：${ms} ms` },
};

export function toolRunLines(session: Session, lang: Lang = 'en'): string[] {
  const runs = session.recording.tools;
  if (runs.length === 0) return [];
  const w = WORDS[lang];
  return [w.head(runs.length), ...runs.map((r) => w.run(r.turn, terminalSafe(r.callId), terminalSafe(r.name), fixed(r.durationMs)))];
}

export function toolRunsJson(session: Session): ToolRunJson[] {
  const turns = session.recording.turns;
  return session.recording.tools.map((r) => ({
    turn: r.turn,
    callId: r.callId,
    name: r.name,
    startMs: round1(r.time - (turns[r.turn]?.requestAt ?? 0)),
    durationMs: round1(r.durationMs),
  }));
}
