// The instructor lab: a region with a switch per fault (parameters editable, faults that do not fit the wire
// disabled with the reason), the active faults in order (move, remove), the seed, what was left out and why, and
// the verdict of every strategy on the session the faults produced. Every change re-analyses at once, so the
// panels, the timeline and the waterfall all show the faulted stream.
import { useState } from 'react';
import { FAULT_IDS, type FaultId } from '../../core/faults';
import { STRATEGY_IDS } from '../../core/types';
import { useActions, useLab, usePlayer } from '../../store/react';
import { registerMessages, translateData } from '../../i18n';
import { lab } from '../../i18n/messages/lab';
import { useT } from '../shell/useT';
import { buildSpec, move, specId, specInputs } from './faultSpecs';
import { FaultRow } from './FaultRow';
import { VerdictList } from './VerdictList';
import { Region } from '../shell/Region';

// the lab's strings load with its code (they are not part of the first page load)
registerMessages(lab);

export function LabPanel() {
  const { t } = useT();
  const a = useActions();
  const faults = useLab((s) => s.faults);
  const applied = useLab((s) => s.applied);
  const errors = useLab((s) => s.faultErrors);
  const seed = useLab((s) => s.seed);
  const wire = usePlayer((s) => s.session?.wire);
  const frame = usePlayer((s) => s.frame);
  const applying = usePlayer((s) => s.status.kind === 'loading');
  const [last, setLast] = useState<Partial<Record<FaultId, Record<string, string>>>>({});
  const [seedText, setSeedText] = useState<string | null>(null);

  const setFaults = (next: readonly string[]) => void a.setFaults(next);
  const toggle = (id: FaultId, on: boolean, inputs: Record<string, string>) => {
    if (!on) return setFaults(faults.filter((f) => specId(f) !== id));
    const spec = buildSpec(id, inputs, frame);
    setLast({ ...last, [id]: specInputs(spec) });
    setFaults([...faults, spec]);
  };
  const reparam = (id: FaultId, inputs: Record<string, string>) => {
    const spec = buildSpec(id, inputs, frame);
    setLast({ ...last, [id]: specInputs(spec) });
    const next = faults.map((f) => (specId(f) === id ? spec : f));
    if (next.some((f, i) => f !== faults[i])) setFaults(next);
  };
  const sameAsApplied = applied.faults.length === faults.length && applied.faults.every((f, i) => f === faults[i]);
  const commitSeed = () => {
    if (seedText === null) return;
    const n = Number(seedText);
    if (Number.isInteger(n) && n !== seed) void a.setSeed(n);
    setSeedText(null);
  };

  return (
    <Region className="ss-lab" aria-label={t('lab.region')}>
      <h2 className="ss-lab-title">{t('lab.region')}</h2>
      <p className="ss-lab-intro">{t('lab.intro')}</p>
      <div className="ss-lab-grid">
        <fieldset className="ss-lab-faults">
          <legend>{t('lab.faults.title')}</legend>
          <ul>
            {FAULT_IDS.map((id) => {
              const spec = faults.find((f) => specId(f) === id);
              return (
                <FaultRow
                  key={id}
                  id={id}
                  t={t}
                  wire={wire}
                  active={spec !== undefined}
                  values={spec !== undefined ? specInputs(spec) : (last[id] ?? {})}
                  currentFrame={frame}
                  onToggle={(on, inputs) => toggle(id, on, inputs)}
                  onParams={(inputs) => reparam(id, inputs)}
                />
              );
            })}
          </ul>
        </fieldset>
        <div className="ss-lab-side">
          <h3>{t('lab.active.title')}</h3>
          {faults.length === 0 ? (
            <p className="ss-lab-none">{t('lab.active.none')}</p>
          ) : (
            <ol className="ss-lab-active">
              {faults.map((spec, i) => (
                <li key={`${i}:${spec}`}>
                  <code>{spec}</code>
                  {sameAsApplied && applied.noEffect.includes(i) && <span className="ss-lab-noeffect">{t('lab.active.noEffect')}</span>}
                  <span className="ss-lab-moves">
                    <button type="button" disabled={i === 0} aria-label={t('lab.active.up', { spec })} onClick={() => setFaults(move(faults, i, -1))}>
                      ↑
                    </button>
                    <button type="button" disabled={i === faults.length - 1} aria-label={t('lab.active.down', { spec })} onClick={() => setFaults(move(faults, i, 1))}>
                      ↓
                    </button>
                    <button type="button" aria-label={t('lab.active.remove', { spec })} onClick={() => setFaults(faults.filter((_, j) => j !== i))}>
                      ✕
                    </button>
                  </span>
                </li>
              ))}
            </ol>
          )}
          {faults.length > 0 && (
            <button type="button" className="ss-lab-clear" onClick={() => setFaults([])}>
              {t('lab.active.clear')}
            </button>
          )}
          <p className="ss-lab-status" role="status">
            {applying ? t('lab.active.applying') : ''}
          </p>
          {errors.length > 0 && (
            <div className="ss-lab-errors" role="alert">
              <h3>{t('lab.errors.title')}</h3>
              <ul>
                {errors.map((n, i) => (
                  <li key={i}>{translateData(t, n.key, n.params)}</li>
                ))}
              </ul>
            </div>
          )}
          <label className="ss-lab-seed">
            <span>{t('lab.seed')}</span>
            <input
              type="number"
              step={1}
              value={seedText ?? String(seed)}
              aria-describedby="ss-lab-seed-hint"
              onChange={(e) => setSeedText(e.currentTarget.value)}
              onBlur={commitSeed}
              onKeyDown={(e) => {
                if (e.key === 'Enter') commitSeed();
              }}
            />
          </label>
          <p id="ss-lab-seed-hint" className="ss-lab-hint">
            {t('lab.seed.hint')}
          </p>
          <h3>{t('lab.verdicts.title')}</h3>
          <VerdictList t={t} ids={STRATEGY_IDS} />
        </div>
      </div>
    </Region>
  );
}
