// The what-if tool-execution table for one turn: per strategy, the ready times and each schedule's finish time
// with the time saved against "after the stream, one by one"; an editable default tool duration.
import { Fragment, useMemo, useState, type ReactElement } from 'react';
import type { Session, StrategyId, TurnIndex } from '../../core/types';
import { formatNumber, type Lang, type Translate } from '../../i18n';
import { formatMs } from './format';
import { turnWhatIf } from './whatifView';
import { translateIsolated, translateNodes } from '../i18n/parts';

export const DEFAULT_TOOL_MS = 100;
const MAX_TOOL_MS = 600_000;

interface Props {
  session: Session;
  turn: TurnIndex;
  strategy: StrategyId;
  defaultMs: number;
  onDefaultMs: (ms: number) => void;
  lang: Lang;
  t: Translate;
  idPrefix: string;
}

export function WhatIf({ session, turn, strategy, defaultMs, onDefaultMs, lang, t, idPrefix }: Props): ReactElement {
  const [draft, setDraft] = useState(String(defaultMs));
  const [invalid, setInvalid] = useState(false);
  const data = useMemo(() => turnWhatIf(session, turn, strategy, defaultMs), [session, turn, strategy, defaultMs]);
  const n = turn + 1;
  const fmt = (v: number) => formatMs(lang, t, v);
  const inputId = `${idPrefix}-default-ms`;
  const commit = (text: string) => {
    setDraft(text);
    const v = Number(text);
    const ok = text.trim() !== '' && Number.isFinite(v) && v >= 0 && v <= MAX_TOOL_MS;
    setInvalid(!ok);
    if (ok) onDefaultMs(v);
  };
  const any = data?.rows.some((r) => r.result !== null) ?? false;
  return (
    <div className="wf-whatif">
      <label className="wf-default" htmlFor={inputId}>
        {t('waterfall.whatif.defaultMs')}{' '}
        <input
          id={inputId}
          type="number"
          min={0}
          max={MAX_TOOL_MS}
          step={10}
          value={draft}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${inputId}-err` : undefined}
          onChange={(e) => commit(e.currentTarget.value)}
        />
      </label>
      {invalid ? (
        <p id={`${inputId}-err`} className="wf-error" role="alert">
          {t('waterfall.whatif.invalidDefault', { value: formatNumber(lang, defaultMs) })}
        </p>
      ) : null}
      {!data || !any ? (
        <p>{t('waterfall.whatif.noCalls', { n })}</p>
      ) : (
        // a narrow screen scrolls the table sideways inside its own box (a named, focusable region), never the page
        <div className="wf-table-scroll" role="region" aria-labelledby={`${idPrefix}-whatif-caption`} tabIndex={0}>
          <table className="wf-table">
            <caption id={`${idPrefix}-whatif-caption`}>{t('waterfall.whatif.caption', { n })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('waterfall.whatif.strategy')}</th>
                <th scope="col">{t('waterfall.whatif.ready')}</th>
                <th scope="col">{t('waterfall.whatif.sequential')}</th>
                <th scope="col">{t('waterfall.whatif.batched')}</th>
                <th scope="col">{t('waterfall.whatif.early')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => {
                const r = row.result;
                // one name per strategy everywhere: the toggle's label, not the id
                const label = t(`strategy.${row.id}.label`);
                const name = row.id === strategy ? t('waterfall.whatif.selected', { strategy: label }) : label;
                return (
                  <tr key={row.id} aria-current={row.id === strategy ? 'true' : undefined}>
                    <th scope="row">
                      <code>{name}</code>
                    </th>
                    {!row.applicable ? (
                      <td colSpan={4}>{t(row.pending ? 'waterfall.whatif.pending' : 'waterfall.whatif.na')}</td>
                    ) : !r ? (
                      <td colSpan={4}>{t('waterfall.none')}</td>
                    ) : (
                      <>
                        <td>{row.readyMs.map(fmt).join(', ')}</td>
                        <td>{fmt(r.sequential.finishMs)}</td>
                        <td>{t('waterfall.whatif.finishSaved', { finish: fmt(r.batched.finishMs), saved: fmt(r.batched.savedMs) })}</td>
                        <td>{t('waterfall.whatif.finishSaved', { finish: fmt(r.early.finishMs), saved: fmt(r.early.savedMs) })}</td>
                      </>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {data && data.durations.length > 0 ? (
        <p className="wf-durations">
          {translateNodes(
            t,
            'waterfall.whatif.durations',
            {},
            {
              list: data.durations.map((d, i) => (
                <Fragment key={i}>
                  {i > 0 ? '; ' : ''}
                  {translateIsolated(
                    t,
                    'waterfall.whatif.duration',
                    {
                      name: d.name,
                      duration: fmt(d.ms),
                      source: t(`waterfall.whatif.source.${d.source}`),
                      safety: t(d.safe ? 'waterfall.whatif.safe' : 'waterfall.whatif.unsafe'),
                    },
                    ['name'],
                  )}
                </Fragment>
              )),
            },
          )}{' '}
          {t('waterfall.whatif.streamEndAt', { time: fmt(data.streamEndMs) })}
        </p>
      ) : null}
    </div>
  );
}
