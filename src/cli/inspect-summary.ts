// The readable (non-JSON) report of `npm run inspect`. English only for now: CLI strings live here, not in the
// UI's i18n catalogs.
import type { Session, StrategyId } from '../core/types';
import { STRATEGY_IDS } from '../core/types';
import { round1 } from './inspect-json';
import { translate } from '../i18n';
import { naReasonKey } from '../i18n/codes';

const msText = (x: number | null): string => (x === null ? '-' : `${round1(x)} ms`);
const clip = (s: string, n = 60): string => (s.length > n ? `${s.slice(0, n)}…` : s);

export function inspectSummary(session: Session, name: string, only?: StrategyId): string {
  const lines: string[] = [];
  const rec = session.recording;
  const turns = session.timings.length;
  lines.push(
    `${name}: ${session.wire} (${session.wireSource === 'header' ? 'named in the header' : 'detected'}), ` +
      `${session.frames.length} frames, ${turns} turn${turns === 1 ? '' : 's'}` +
      (rec.timed ? '' : ' — no timing in this file: frames are evenly spaced'),
  );
  if (session.frames.length === 0) lines.push('no frames: no SSE event was found in this file, so no strategy can be judged (all n/a)');
  if (rec.header.provenance) lines.push(`provenance: ${rec.header.provenance.kind}${rec.header.provenance.source ? ` — ${clip(rec.header.provenance.source, 100)}` : ''}`);
  for (const issue of rec.issues) {
    const where = [issue.line !== undefined ? `line ${issue.line}` : '', issue.byteOffset !== undefined ? `byte ${issue.byteOffset}` : ''].filter(Boolean).join(', ');
    lines.push(`issue ${issue.code}${where ? ` (${where})` : ''}: ${issue.message}`);
  }
  lines.push('');
  for (const t of session.timings) {
    lines.push(
      `turn ${t.turn}: ${t.frameCount} frames; first frame ${msText(t.firstFrameMs)}, first reasoning ${msText(t.firstReasoningMs)}, ` +
        `first text ${msText(t.firstTextMs)}, first tool call ${msText(t.firstToolCallMs)}, last frame ${msText(t.lastFrameMs)}; ` +
        `finish ${t.finishReason ?? '-'}; longest gap ${msText(t.longestGapMs)}`,
    );
    for (const a of t.anomalies) {
      lines.push(`  anomaly ${a.code}${a.frame !== undefined ? ` at frame ${a.frame}` : ''}${a.detail ? `: ${clip(a.detail)}` : ''}`);
    }
  }
  lines.push('', 'strategies:');
  const width = Math.max(...STRATEGY_IDS.map((id) => id.length));
  for (const id of only ? [only] : STRATEGY_IDS) {
    const run = session.strategies[id];
    const head = `  ${id.padEnd(width)}  `;
    if (!run.applicable) {
      lines.push(`${head}n/a   (${run.naReason ? translate('en', naReasonKey(run.naReason)) : 'not applicable'})`);
      continue;
    }
    const calls = `${run.calls.length} call${run.calls.length === 1 ? '' : 's'}, ${run.attempts.filter((a) => !a.ok).length}/${run.attempts.length} parses failed`;
    const fail = run.verdicts.find((v) => v.verdict === 'fail');
    if (!fail) {
      lines.push(`${head}ok    ${calls}`);
      continue;
    }
    const where = `turn ${fail.turn}${fail.frame !== undefined ? ` frame ${fail.frame}` : ''}`;
    const why = fail.error !== undefined ? `${fail.error}${fail.input !== undefined ? ` (input ${JSON.stringify(clip(fail.input, 40))})` : ''}` : (fail.reason ?? 'fail');
    lines.push(`${head}FAIL  ${calls}; first failure at ${where}: ${fail.reason === 'parse-failed' ? why : `${fail.reason}${fail.key !== undefined ? ` (call ${fail.key})` : ''}`}`);
  }
  return lines.join('\n');
}
