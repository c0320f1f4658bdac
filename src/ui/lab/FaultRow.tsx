// One fault in the lab panel: a checkbox that switches it on or off, its parameters (editable; applied on Enter or
// when the field is left), a one-line hint, and, when the fault does not apply to this recording's wire, the reason
// (the checkbox is then disabled).
import { useId, useState, type KeyboardEvent } from 'react';
import type { FaultId } from '../../core/faults';
import type { WireId } from '../../core/types';
import { translateData, type Translate } from '../../i18n';
import { FAULT_PARAMS, wireBlock } from './faultSpecs';

export interface FaultRowProps {
  id: FaultId;
  t: Translate;
  wire: WireId | undefined;
  active: boolean;
  /** The parameter values of the active spec, or the last ones used. */
  values: Readonly<Record<string, string>>;
  currentFrame: number;
  onToggle: (on: boolean, inputs: Record<string, string>) => void;
  onParams: (inputs: Record<string, string>) => void;
}

export function FaultRow({ id, t, wire, active, values, currentFrame, onToggle, onParams }: FaultRowProps) {
  const base = useId();
  const [inputs, setInputs] = useState<Record<string, string>>({});
  const blocked = wireBlock(id, wire);
  const params = FAULT_PARAMS[id];
  const shown = (name: string) => inputs[name] ?? values[name] ?? '';
  const current = () => Object.fromEntries(params.map((p) => [p.name, shown(p.name)]));
  const commit = () => {
    if (active) onParams(current());
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    }
  };
  const hintId = `${base}-hint`;
  return (
    <li className={`ss-lab-fault${active ? ' ss-lab-fault-on' : ''}`} data-fault={id}>
      <label className="ss-lab-fault-name">
        <input
          type="checkbox"
          checked={active}
          disabled={blocked !== null && !active}
          aria-describedby={hintId}
          onChange={(e) => onToggle(e.currentTarget.checked, current())}
        />
        <span>{t(`lab.fault.${id}`)}</span>
        <code className="ss-lab-fault-id">{id}</code>
      </label>
      {params.length > 0 && (
        <span className="ss-lab-params">
          {params.map((p) => (
            <label key={p.name} className="ss-lab-param">
              <span>{translateData(t, `lab.param.${id}.${p.name}`)}</span>
              <input
                type="number"
                inputMode="numeric"
                min={p.min}
                step={p.name === 'MS' ? 'any' : 1}
                value={shown(p.name)}
                placeholder={p.frame ? String(currentFrame) : String(p.fallback)}
                onChange={(e) => setInputs({ ...inputs, [p.name]: e.currentTarget.value })}
                onBlur={commit}
                onKeyDown={onKey}
              />
            </label>
          ))}
        </span>
      )}
      <span id={hintId} className="ss-lab-hint">
        {blocked ? t('lab.na.wire', { applies: blocked.join(', '), wire: wire ?? '' }) : t(`lab.fault.${id}.hint`)}
      </span>
    </li>
  );
}
