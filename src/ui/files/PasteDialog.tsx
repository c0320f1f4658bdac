// The paste dialog: a modal <dialog> with a text area for raw SSE text (or any format the app opens) and a name.
// Focus goes to the text area on open and back to the opener on close (the caller's onClose does that).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { usePlayerStore } from '../../store/react';
import { useT } from '../shell/useT';
import { useFileStore } from './context';
import { openPastedText } from './openFile';

export function PasteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT();
  const playerStore = usePlayerStore();
  const fileStore = useFileStore();
  const ref = useRef<HTMLDialogElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [empty, setEmpty] = useState(false);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
      textRef.current?.focus();
    }
    if (!open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    }
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() === '') {
      setEmpty(true);
      textRef.current?.focus();
      return;
    }
    const fileName = name.trim() || t('files.paste.defaultName');
    setText('');
    setEmpty(false);
    onClose();
    void openPastedText(text, fileName, playerStore, fileStore);
  };

  return (
    <dialog ref={ref} className="ss-dialog ss-paste" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <h2 id={`${id}-title`}>{t('files.paste.title')}</h2>
        <p id={`${id}-help`}>{t('files.paste.help')}</p>
        <label htmlFor={`${id}-text`}>{t('files.paste.text')}</label>
        <textarea
          id={`${id}-text`}
          ref={textRef}
          className="ss-paste-text"
          rows={10}
          spellCheck={false}
          value={text}
          aria-describedby={`${id}-help${empty ? ` ${id}-empty` : ''}`}
          aria-invalid={empty || undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (empty) setEmpty(false);
          }}
        />
        {empty && (
          <p id={`${id}-empty`} className="ss-error" role="alert">
            {t('files.paste.empty')}
          </p>
        )}
        <div className="ss-paste-row">
          <label htmlFor={`${id}-name`}>{t('files.paste.name')}</label>
          <input id={`${id}-name`} type="text" value={name} placeholder={t('files.paste.defaultName')} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="ss-dialog-actions">
          <button type="button" className="ss-button" onClick={onClose}>
            {t('files.paste.cancel')}
          </button>
          <button type="submit" className="ss-button ss-button-primary">
            {t('files.paste.open')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
