// The readable (non-JSON) report of `npm run inspect`, in English or Chinese: its words are the 'cli' area of the
// src/i18n catalogs (registered here: the app never loads it; the first view's areas in both languages come from
// src/i18n/all, which registers them at once). Codes (wire, strategy ids, anomaly and issue codes,
// the ok / FAIL / n/a column) stay as they are in both languages; numbers are printed without digit grouping.
import type { Session, StrategyId } from '../core/types';
import { STRATEGY_IDS } from '../core/types';
import { english } from '../core/load/english';
import '../i18n/all';
import { registerMessages, translate, type Lang, type MessageKey, type Params } from '../i18n';
import { naReasonKey } from '../i18n/codes';
import { issueWording } from '../i18n/issues';
import { cli } from '../i18n/messages/inspect';
import { failedCount } from '../core/strategies/attempts';
import { round1 } from './inspect-json';
import { toolRunLines } from './tool-runs';

registerMessages(cli);

const clip = (s: string, n = 60): string => (s.length > n ? `${s.slice(0, n)}…` : s);

export function inspectSummary(session: Session, name: string, only?: StrategyId, lang: Lang = 'en'): string {
  const t = (key: MessageKey, params?: Params): string => translate(lang, key, params);
  const msText = (x: number | null): string => (x === null ? '-' : t('cli.ms', { ms: String(round1(x)) }));
  const lines: string[] = [];
  const rec = session.recording;
  const turns = session.timings.length;
  const file = t('cli.file', {
    name,
    wire: session.wire,
    source: t(session.wireSource === 'header' ? 'cli.source.header' : 'cli.source.detected'),
    frames: String(session.frames.count),
    turns: String(turns),
    turnCount: turns,
  });
  lines.push(rec.timed ? file : t('cli.file.untimed', { line: file }));
  if (session.frames.count === 0) lines.push(t('cli.noFrames'));
  const provenance = rec.header.provenance;
  if (provenance) {
    lines.push(provenance.source ? t('cli.provenance.source', { kind: provenance.kind, source: clip(provenance.source, 100) }) : t('cli.provenance', { kind: provenance.kind }));
  }
  for (const issue of rec.issues) {
    const line = issue.line !== undefined ? String(issue.line) : undefined;
    const byte = issue.byteOffset !== undefined ? String(issue.byteOffset) : undefined;
    const where =
      line !== undefined && byte !== undefined
        ? t('cli.where.lineByte', { line, byte })
        : line !== undefined
          ? t('cli.where.line', { line })
          : byte !== undefined
            ? t('cli.where.byte', { byte })
            : '';
    // English is the loaders' own sentence (core/load/english.ts); another language words the issue from its code where it can
    const wording = lang === 'en' ? null : issueWording(issue, lang);
    const message = wording ? t(wording.key, wording.params) : english(issue, { placed: where === '' });
    lines.push(where ? t('cli.issue.at', { code: issue.code, where, message }) : t('cli.issue', { code: issue.code, message }));
  }
  lines.push('');
  for (const tm of session.timings) {
    lines.push(
      t('cli.turn', {
        turn: String(tm.turn),
        frames: String(tm.frameCount),
        firstFrame: msText(tm.firstFrameMs),
        firstReasoning: msText(tm.firstReasoningMs),
        firstText: msText(tm.firstTextMs),
        firstToolCall: msText(tm.firstToolCallMs),
        lastFrame: msText(tm.lastFrameMs),
        finish: tm.finishReason ?? '-',
        longestGap: msText(tm.longestGapMs),
      }),
    );
    for (const a of tm.anomalies) {
      const head = a.frame !== undefined ? t('cli.anomaly.frame', { code: a.code, frame: String(a.frame) }) : t('cli.anomaly', { code: a.code });
      lines.push(`  ${a.detail ? t('cli.detail', { head, detail: clip(a.detail) }) : head}`);
    }
  }
  const tools = toolRunLines(session, lang);
  if (tools.length > 0) lines.push('', ...tools);
  lines.push('', t('cli.strategies'));
  const width = Math.max(...STRATEGY_IDS.map((id) => id.length));
  for (const id of only ? [only] : STRATEGY_IDS) {
    const run = session.strategies[id];
    const head = `  ${id.padEnd(width)}  `;
    if (!run.applicable) {
      lines.push(`${head}n/a   ${t('cli.na', { reason: run.naReason ? t(naReasonKey(run.naReason)) : t('cli.na.unknown') })}`);
      continue;
    }
    const failed = failedCount(run.attempts);
    const calls = t('cli.calls', { calls: String(run.calls.length), callCount: run.calls.length, failed: String(failed), attempts: String(run.attempts.count) });
    const fail = run.verdicts.find((v) => v.verdict === 'fail');
    if (!fail) {
      lines.push(`${head}ok    ${calls}`);
      continue;
    }
    const where = fail.frame !== undefined ? t('cli.fail.turnFrame', { turn: String(fail.turn), frame: String(fail.frame) }) : t('cli.fail.turn', { turn: String(fail.turn) });
    const parseWhy =
      fail.error !== undefined
        ? fail.input !== undefined
          ? t('cli.fail.input', { error: fail.error, input: JSON.stringify(clip(fail.input, 40)) })
          : fail.error
        : (fail.reason ?? 'fail');
    const why =
      fail.reason === 'parse-failed'
        ? parseWhy
        : fail.key !== undefined
          ? t('cli.fail.call', { reason: String(fail.reason), key: String(fail.key) })
          : String(fail.reason);
    lines.push(`${head}FAIL  ${t('cli.fail', { calls, where, why })}`);
  }
  return lines.join('\n');
}
