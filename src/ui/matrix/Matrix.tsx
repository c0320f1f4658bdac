// The strategy matrix: every shipped recording (rows) x every strategy (columns), each cell a verdict in glyph and
// words, computed off the main thread (ui/../worker/matrixClient) when the view opens and kept for the page's life.
// A cell opens that recording with that strategy at its first failing frame (or its start).
import { useEffect, useState, type ReactNode } from 'react';
import { LEARNER_ID, STRATEGY_IDS, frameIndex, type StrategyId } from '../../core/types';
import type { RecordingEntry } from '../../store/recordings';
import { useActions, usePlayer, usePlayerStore } from '../../store/react';
import { computeMatrix } from '../../worker/matrixClient';
import type { MatrixCell, MatrixRow } from '../../worker/matrixRow';
import { registerMessages, type Translate } from '../../i18n';
import { lab } from '../../i18n/messages/lab';
import { useT } from '../shell/useT';
import { VERDICT_GLYPH } from '../lab/VerdictList';
import { useYoursCells } from '../exercise/yoursMatrix';
import './matrix.css';
import { Region } from '../shell/Region';

// the matrix's strings (the lab area) load with its code (they are not part of the first page load)
registerMessages(lab);

const cache = new WeakMap<readonly RecordingEntry[], Map<string, MatrixRow>>();

function useRows(recordings: readonly RecordingEntry[], base: string): Map<string, MatrixRow> {
  const [rows, setRows] = useState<Map<string, MatrixRow>>(() => cache.get(recordings) ?? new Map());
  useEffect(() => {
    const known = cache.get(recordings) ?? new Map<string, MatrixRow>();
    cache.set(recordings, known);
    setRows(new Map(known));
    const todo = recordings.filter((r) => !known.has(r.id));
    if (todo.length === 0) return;
    const ctl = new AbortController();
    void computeMatrix(
      todo.map((r) => ({ id: r.id, url: `${base}${r.file}`, name: r.file })),
      {
        signal: ctl.signal,
        onRow: (row) => {
          known.set(row.id, row);
          setRows(new Map(known));
        },
      },
    );
    return () => ctl.abort();
  }, [recordings, base]);
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
  const rows = useRows(recordings, base);
  const done = recordings.filter((r) => rows.has(r.id)).length;
  // the learner's strategy (exercise mode) as a last column, once it has run on the shown recording
  const yours = useYoursCells(recordings, base, usePlayer((s) => s.session?.strategies[LEARNER_ID]));
  const ids: StrategyId[] = yours ? [...STRATEGY_IDS, LEARNER_ID] : [...STRATEGY_IDS];

  const open = (rec: string, sid: StrategyId, cell: MatrixCell) => void a.openCell(rec, sid, frameIndex(cell.frame ?? 0));
  const cellOf = (rec: RecordingEntry, sid: StrategyId, cell: MatrixCell) => {
    const words = cellWords(t, cell);
    const verdict = shown(cell);
    const cls = verdict === 'n/a' ? 'na' : verdict;
    return (
      <td key={sid} className={`ss-matrix-cell ss-lab-v-${cls}`} data-strategy={sid} data-verdict={verdict}>
        <button
          type="button"
          aria-label={t('lab.matrix.cell', { rec: rec.title[lang], strategy: t(`app.strategy.${sid}`), verdict: cellLongWords(t, cell) })}
          title={cell.warn ? cellLongWords(t, cell) : undefined}
          onClick={() => open(rec.id, sid, cell)}
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
              {recordings.map((rec) => {
                const row = rows.get(rec.id);
                const current = source?.kind === 'shipped' && source.id === rec.id;
                return (
                  <tr key={rec.id} data-rec={rec.id} aria-current={current ? 'true' : undefined}>
                    <th scope="row">{rec.title[lang]}</th>
                    {!row && <td colSpan={STRATEGY_IDS.length}>{t('lab.matrix.pending')}</td>}
                    {row && !row.ok && <td colSpan={STRATEGY_IDS.length}>{t('lab.matrix.unreadable', { message: row.message })}</td>}
                    {row?.ok && STRATEGY_IDS.map((sid) => cellOf(rec, sid, row.cells[sid]))}
                    {yours && <YoursCell t={t} got={yours.get(rec.id)} render={(cell) => cellOf(rec, LEARNER_ID, cell)} />}
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
