// The recording picker: shipped recordings grouped into lesson and failure modes, plus the user's own files (opened
// with ui/files: the Open recording button, drag and drop, paste).
import { useId, type ChangeEvent } from 'react';
import { useActions, usePlayer } from '../../store/react';
import { useT } from './useT';

const FILE_PREFIX = 'file:';

export function RecordingPicker() {
  const { t, lang } = useT();
  const actions = useActions();
  const recordings = usePlayer((s) => s.recordings);
  const files = usePlayer((s) => s.files);
  const source = usePlayer((s) => s.source);
  const status = usePlayer((s) => s.status);
  const id = useId();

  const lesson = recordings.filter((r) => r.group === 'lesson');
  const failure = recordings.filter((r) => r.group === 'failure');
  const shippedIds = new Set(recordings.map((r) => r.id));
  // nothing shown yet: the shipped recording on its way is the one chosen (not a blank), as the status line says
  const loadingFirst = !source && status.kind === 'loading' && shippedIds.has(status.name) ? status.name : '';
  const value = source ? (source.kind === 'shipped' ? source.id : FILE_PREFIX + source.name) : loadingFirst;

  const onSelect = (e: ChangeEvent<HTMLSelectElement>) => {
    const v = e.target.value;
    if (v.startsWith(FILE_PREFIX)) void actions.reopenFile(v.slice(FILE_PREFIX.length));
    else if (v) void actions.loadRecording(v);
  };
  return (
    <div className="ss-field ss-picker">
      <label htmlFor={id}>{t('app.header.recording')}</label>
      <select id={id} value={value} onChange={onSelect}>
        {value === '' && <option value="">{recordings.length ? '—' : t('app.picker.loading')}</option>}
        {source?.kind === 'shipped' && !shippedIds.has(source.id) && <option value={source.id}>{source.id}</option>}
        {lesson.length > 0 && (
          <optgroup label={t('app.picker.lesson')}>
            {lesson.map((r) => (
              <option key={r.id} value={r.id}>
                {r.title[lang]}
              </option>
            ))}
          </optgroup>
        )}
        {failure.length > 0 && (
          <optgroup label={t('app.picker.failure')}>
            {failure.map((r) => (
              <option key={r.id} value={r.id}>
                {r.title[lang]}
              </option>
            ))}
          </optgroup>
        )}
        {files.length > 0 && (
          <optgroup label={t('app.picker.files')}>
            {files.map((name) => (
              <option key={name} value={FILE_PREFIX + name}>
                {name}
              </option>
            ))}
          </optgroup>
        )}
      </select>
    </div>
  );
}
