// The share dialog: a modal <dialog> with the permalink, the iframe snippet and the custom-element snippet, each
// with a Copy button (navigator.clipboard; where that is refused, the text is selected for Ctrl+C). Focus goes to
// the first Copy button on open and back to the opener on close (Escape or Close).
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { registerMessages } from '../../i18n';
import { dialogs } from '../../i18n/messages/dialogs';
import { usePlayer } from '../../store/react';
import type { ViewParams } from '../../store/url';
import { useT } from '../shell/useT';
import { useModalDialog } from '../useModalDialog';
import { shareSnippets } from './snippets';
import './share.css';

// this dialog's strings (both languages) come with its code, not with the first page
registerMessages(dialogs);

type Field = 'permalink' | 'iframe' | 'element';
type CopyState = { field: Field; how: 'copied' | 'selected' } | null;

function CopyField({ field, label, value, multiline, state, onCopy }: {
  field: Field;
  label: string;
  value: string;
  multiline: boolean;
  state: CopyState;
  onCopy: (field: Field, el: HTMLInputElement | HTMLTextAreaElement | null) => void;
}) {
  const { t } = useT();
  const id = useId();
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const mine = state?.field === field ? state.how : null;
  return (
    <div className="ss-share-field">
      <label htmlFor={id}>{label}</label>
      <div className="ss-share-row">
        {multiline ? (
          <textarea id={id} ref={ref} readOnly rows={value.split('\n').length + 1} value={value} spellCheck={false} onFocus={(e) => e.currentTarget.select()} />
        ) : (
          <input id={id} ref={ref} type="text" readOnly value={value} spellCheck={false} onFocus={(e) => e.currentTarget.select()} />
        )}
        <button type="button" className="ss-button" aria-label={t('share.copy.label', { what: label })} onClick={() => onCopy(field, ref.current)}>
          {t('share.copy')}
        </button>
      </div>
      <p className="ss-share-status" role="status">
        {mine === 'copied' ? t('share.copied') : mine === 'selected' ? t('share.selected') : ''}
      </p>
    </div>
  );
}

export function ShareDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT();
  const titleId = useId();
  const [copy, setCopy] = useState<CopyState>(null);
  const source = usePlayer((s) => s.source);
  const strategy = usePlayer((s) => s.strategy);
  const frame = usePlayer((s) => s.frame);
  const lang = usePlayer((s) => s.lang);
  const theme = usePlayer((s) => s.theme);
  const compare = usePlayer((s) => s.compare);

  const snippets = useMemo(() => {
    if (!open) return null;
    // the same parameters the URL carries (a local file has no rec: it is not on the site)
    const view: ViewParams = { ...(source?.kind === 'shipped' && { rec: source.id }), strategy, frame, lang, theme, ...(compare && { compare }) };
    return shareSnippets(view, window.location.href, t('share.iframeTitle'));
  }, [open, source, strategy, frame, lang, theme, compare, t]);

  // focus goes to the first Copy button; each opening starts without a copy status
  const firstCopy = useCallback((d: HTMLDialogElement) => d.querySelector<HTMLButtonElement>('.ss-share-row button'), []);
  const resetCopy = useCallback(() => setCopy(null), []);
  const dialog = useModalDialog({ open, onClose, initialFocus: firstCopy, onOpen: resetCopy });

  const onCopy = (field: Field, el: HTMLInputElement | HTMLTextAreaElement | null) => {
    if (!snippets) return;
    const text = field === 'permalink' ? snippets.permalink : snippets[field];
    const fallback = () => {
      el?.focus();
      el?.select();
      setCopy({ field, how: 'selected' });
    };
    if (!navigator.clipboard?.writeText) return fallback();
    navigator.clipboard.writeText(text).then(() => setCopy({ field, how: 'copied' }), fallback);
  };

  return (
    <dialog {...dialog} className="ss-dialog ss-share" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('share.title')}</h2>
      <p>{source?.kind === 'file' ? t('share.fileNote') : t('share.intro')}</p>
      {snippets && (
        <>
          <CopyField field="permalink" label={t('share.permalink')} value={snippets.permalink} multiline={false} state={copy} onCopy={onCopy} />
          <CopyField field="iframe" label={t('share.iframe')} value={snippets.iframe} multiline state={copy} onCopy={onCopy} />
          <CopyField field="element" label={t('share.element')} value={snippets.element} multiline state={copy} onCopy={onCopy} />
          <p className="ss-share-note">{t('share.element.note')}</p>
        </>
      )}
      <form method="dialog" className="ss-dialog-actions">
        <button type="submit" className="ss-button">
          {t('share.close')}
        </button>
      </form>
    </dialog>
  );
}
