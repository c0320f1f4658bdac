// The paste dialog: a modal <dialog> with a text area for raw SSE text (or any format the app opens) and a name.
// Focus goes to the text area on open and back to the opener on close (useModalDialog).
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { registerMessages } from '../../i18n';
import { dialogs } from '../../i18n/messages/dialogs';
import { usePlayerStore } from '../../store/react';
import { useT } from '../shell/useT';
import { useModalDialog } from '../useModalDialog';
import { useFileStore } from './context';
import { openPastedText } from './openFile';

// this dialog's strings (both languages) come with its code, not with the first page
registerMessages(dialogs);

export function PasteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT();
  const playerStore = usePlayerStore();
  const fileStore = useFileStore();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [empty, setEmpty] = useState(false);

  const textArea = useCallback(() => textRef.current, []);
  const dialog = useModalDialog({ open, onClose, initialFocus: textArea });

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
    <dialog {...dialog} className="ss-dialog ss-paste" aria-labelledby={`${id}-title`}>
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
