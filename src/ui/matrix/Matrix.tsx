// The strategy matrix: every shipped recording (rows) x every strategy (columns), each cell a verdict in glyph and
// words, computed off the main thread (ui/../worker/matrixClient) when the view opens and kept for the page's life.
// A cell opens that recording with that strategy at its first failing frame (or its start).
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { LEARNER_ID, STRATEGY_IDS, frameIndex, type StrategyId } from '../../core/types';
import type { FaultId } from '../../core/faults';
import { useActions, usePlayer, usePlayerStore } from '../../store/react';
import { computeMatrix } from '../../worker/matrixClient';
import type { MatrixCell, MatrixRow } from '../../worker/matrixRow';
import { registerMessages, type Translate } from '../../i18n';
import { lab } from '../../i18n/messages/lab';
import { useT } from '../shell/useT';
import { VERDICT_GLYPH } from '../lab/VerdictList';
import { useYoursCells } from '../exercise/yoursMatrix';
import { lessonFaults, lineOf, type MatrixLine } from './faultRows';
import './matrix.css';
import { Region } from '../shell/Region';

// the matrix's strings (the lab area) load with its code (they are not part of the first page load)
registerMessages(lab);

/** Rows computed once per page: by recordings folder and line key (a recording, maybe with faults). */
const cache = new Map<string, MatrixRow>();

function useRows(lines: readonly MatrixLine[], base: string): Map<string, MatrixRow> {
  const known = () => new Map(lines.flatMap((l) => (cache.has(`${base}|${l.key}`) ? [[l.key, cache.get(`${base}|${l.key}`) as MatrixRow] as const] : [])));
  const [rows, setRows] = useState<Map<string, MatrixRow>>(known);
  useEffect(() => {
    setRows(known());
    const todo = lines.filter((l) => !cache.has(`${base}|${l.key}`));
    if (todo.length === 0) return;
    const ctl = new AbortController();
    void computeMatrix(
      todo.map((l) => ({ id: l.key, url: `${base}${l.rec.file}`, name: l.rec.file, faults: l.faults })),
      {
        signal: ctl.signal,
        onRow: (row) => {
          cache.set(`${base}|${row.id}`, row);
          setRows(known());
        },
      },
    );
    return () => ctl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `known` reads the same lines and base
  }, [lines, base]);
  return rows;
}

function cellWords(t: Translate, cell: MatrixCell): string {
  if (cell.verdict === 'fail' && cell.frame !== undefined) return t('lab.verdict.failAt', { frame: cell.frame });
  if (cell.warn) return cell.frame !== undefined ? t('lab.verdict.warnAt', { frame: cell.frame }) : t('lab.verdict.warn');
  return t(`lab.verdict.${cell.verdict}`);
}

/** The cell's words in full, for its name and tooltip (a warning says why). */
function cellLongWords(t: Translate, cell: MatrixCell): string {
  return cell.warn ? `${cellWords(t, cell)}: ${t('lab.verdict.warn.why')}` : cellWords(t, cell);
}

/** The verdict shown: core's, or a warning for an ok cell whose stream promised a call it never sent. */
const shown = (cell: MatrixCell): 'ok' | 'fail' | 'n/a' | 'warn' => (cell.warn ? 'warn' : cell.verdict);
const GLYPH = { ...VERDICT_GLYPH, warn: '⚠' } as const;

export function Matrix() {
  const { t, lang } = useT();
  const a = useActions();
  const recordings = usePlayer((s) => s.recordings);
  const source = usePlayer((s) => s.source);
  const strategy = usePlayer((s) => s.strategy);
  const base = usePlayerStore().recordingsBase;
  const plain = useMemo(() => recordings.map((rec) => lineOf(rec)), [recordings]);
  const shippedRows = useRows(plain, base);
  // the shown shipped recording again under each of the lesson's faults, once its own row says its wire and size
  const shownRec = source?.kind === 'shipped' ? recordings.find((r) => r.id === source.id) : undefined;
  const shownRow = shownRec ? shippedRows.get(shownRec.id) : undefined;
  const shape = shownRow?.ok ? `${shownRow.wire}:${shownRow.frames}` : null;
  const faulted = useMemo(
    () => (shownRec && shownRow?.ok ? lessonFaults(shownRow.wire, shownRow.frames).map((spec) => lineOf(shownRec, [spec])) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the row's wire and frames are `shape`
    [shownRec, shape],
  );
  const faultRows = useRows(faulted, base);
  const lines = useMemo(() => [...plain, ...faulted], [plain, faulted]);
  const rows = new Map([...shippedRows, ...faultRows]);
  const done = plain.filter((l) => shippedRows.has(l.key)).length;
  // the learner's strategy (exercise mode) as a last column, once it has run on the shown recording
  const yours = useYoursCells(lines, base, usePlayer((s) => s.session?.strategies[LEARNER_ID]));
  const ids: StrategyId[] = yours ? [...STRATEGY_IDS, LEARNER_ID] : [...STRATEGY_IDS];

  const open = (line: MatrixLine, sid: StrategyId, cell: MatrixCell) => void a.openCell(line.rec.id, sid, frameIndex(cell.frame ?? 0), line.faults);
  const lineTitle = (line: MatrixLine) =>
    line.faults.length === 0 ? line.rec.title[lang] : t('lab.matrix.faulted', { rec: line.rec.title[lang], fault: line.faults.map((f) => t(`lab.fault.${f.split(':')[0] as FaultId}`)).join(', ') });
  const cellOf = (line: MatrixLine, sid: StrategyId, cell: MatrixCell) => {
    const words = cellWords(t, cell);
    const verdict = shown(cell);
    const cls = verdict === 'n/a' ? 'na' : verdict;
    return (
      <td key={sid} className={`ss-matrix-cell ss-lab-v-${cls}`} data-strategy={sid} data-verdict={verdict}>
        <button
          type="button"
          aria-label={t('lab.matrix.cell', { rec: lineTitle(line), strategy: t(`app.strategy.${sid}`), verdict: cellLongWords(t, cell) })}
          title={cell.warn ? cellLongWords(t, cell) : undefined}
          onClick={() => open(line, sid, cell)}
        >
          <span aria-hidden="true" className="ss-lab-glyph">
            {GLYPH[verdict]}
          </span>{' '}
          {words}
        </button>
      </td>
    );
  };

  return (
    <Region className="ss-matrix" aria-label={t('lab.matrix.region')}>
      <h2 className="ss-lab-title">{t('lab.matrix.region')}</h2>
      <p className="ss-lab-intro">{t('lab.matrix.caption')}</p>
      {recordings.length === 0 && <p>{t('lab.matrix.noIndex')}</p>}
      <p className="ss-matrix-progress" role="status">
        {done < recordings.length ? t('lab.matrix.progress', { done: done + 1, total: recordings.length }) : ''}
      </p>
      {recordings.length > 0 && (
        <div className="ss-matrix-scroll">
          <table className="ss-matrix-table">
            <thead>
              <tr>
                <th scope="col">{t('lab.matrix.recording')}</th>
                {ids.map((sid) => (
                  <th key={sid} scope="col" aria-current={sid === strategy ? 'true' : undefined}>
                    {t(`app.strategy.${sid}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => {
                const row = rows.get(line.key);
                const current = source?.kind === 'shipped' && source.id === line.rec.id && line.faults.length === 0;
                return (
                  <tr
                    key={line.key}
                    data-rec={line.rec.id}
                    {...(line.faults.length > 0 && { 'data-faults': line.faults.join(','), className: 'ss-matrix-faulted' })}
                    aria-current={current ? 'true' : undefined}
                  >
                    <th scope="row">
                      {lineTitle(line)}
                      {line.faults.length > 0 ? <code className="ss-matrix-spec">{line.faults.join(',')}</code> : null}
                    </th>
                    {!row && <td colSpan={STRATEGY_IDS.length}>{t('lab.matrix.pending')}</td>}
                    {row && !row.ok && <td colSpan={STRATEGY_IDS.length}>{t('lab.matrix.unreadable', { message: row.message })}</td>}
                    {row?.ok && STRATEGY_IDS.map((sid) => cellOf(line, sid, row.cells[sid]))}
                    {yours && <YoursCell t={t} got={yours.get(line.key)} render={(cell) => cellOf(line, LEARNER_ID, cell)} />}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Region>
  );
}

/** The learner's cell of a row: still running, a recording it could not read, or its verdict. */
function YoursCell({ t, got, render }: { t: Translate; got: MatrixCell | { message: string } | undefined; render: (cell: MatrixCell) => ReactNode }) {
  if (got === undefined) return <td data-strategy={LEARNER_ID}>{t('lab.matrix.pending')}</td>;
  if ('message' in got) return <td data-strategy={LEARNER_ID}>{t('lab.matrix.unreadable', { message: got.message })}</td>;
  return render(got);
}
