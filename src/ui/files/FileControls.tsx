// The header's file actions: "Open recording" (a button and the hidden file input it clicks, both named so),
// "Paste SSE…", "Export .jsonl" of the current recording, and "Forget this file" for a file kept in the browser.
// The drop zone over the whole player lives here too. The paste dialog's code loads when it is first opened, the
// export's (core/export) with the first export; dialog code that does not arrive leaves a notice with a retry.
import { useRef, useState, type ChangeEvent } from 'react';
import { useActions, usePlayer, usePlayerStore } from '../../store/react';
import { useT } from '../shell/useT';
import { useFileStore } from './context';
import { DropZone } from './DropZone';
import { ACCEPT } from './limits';
import { openUserFileLater } from './openLater';
import './files.css';
import { LazyPart } from '../shell/ErrorBoundary';
import { lazyView } from '../shell/lazyView';

const PasteDialog = lazyView(() => import('./PasteDialog'), (m) => m.PasteDialog);

export function FileControls() {
  const { t } = useT();
  const actions = useActions();
  const playerStore = usePlayerStore();
  const fileStore = useFileStore();
  const session = usePlayer((s) => s.session);
  const source = usePlayer((s) => s.source);
  const input = useRef<HTMLInputElement>(null);
  const anchor = useRef<HTMLDivElement>(null);
  const pasteButton = useRef<HTMLButtonElement>(null);
  const [paste, setPaste] = useState(false);
  const [pasteWanted, setPasteWanted] = useState(false);
  if (paste && !pasteWanted) setPasteWanted(true);

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) void openUserFileLater(file, playerStore, fileStore);
  };
  return (
    <div className="ss-files" ref={anchor}>
      <button type="button" className="ss-button" title={t('files.open.hint')} onClick={() => input.current?.click()}>
        {t('files.open')}
      </button>
      <input ref={input} type="file" hidden accept={ACCEPT} aria-label={t('files.open')} onChange={onFile} />
      <button type="button" className="ss-button" ref={pasteButton} aria-haspopup="dialog" onClick={() => setPaste(true)}>
        {t('files.paste')}
      </button>
      <button
        type="button"
        className="ss-button"
        title={t('files.export.hint')}
        disabled={!session}
        onClick={() => {
          if (!session) return;
          void import('./exportFile').then(
            ({ downloadRecording }) => downloadRecording(session.recording, source),
            () => actions.warn({ key: 'files.export.failed' }),
          );
        }}
      >
        {t('files.export')}
      </button>
      {source?.kind === 'file' && fileStore && (
        <button type="button" className="ss-button" title={t('files.remove.hint', { name: source.name })} onClick={() => void actions.forgetFile(source.name)}>
          {t('files.remove')}
        </button>
      )}
      {pasteWanted ? (
        <LazyPart areaKey="app.area.paste" focus>
          <PasteDialog
            open={paste}
            onClose={() => {
              setPaste(false);
              pasteButton.current?.focus();
            }}
          />
        </LazyPart>
      ) : null}
      <DropZone anchor={anchor} />
    </div>
  );
}
