// The header's Share button and its dialog; focus returns to the button when the dialog closes. Not shown inside a
// <streamscope-player> (a shadow root on someone else's page: its links would point at that page). The dialog's
// code loads with the first click, not with the first page; it stays mounted after that (code that does not arrive:
// a notice beside the button, with a retry).
import { useEffect, useRef, useState } from 'react';
import { useT } from '../shell/useT';
import { LazyPart } from '../shell/ErrorBoundary';
import { lazyView } from '../shell/lazyView';

const ShareDialog = lazyView(() => import('./ShareDialog'), (m) => m.ShareDialog);

export function ShareButton() {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const [hosted, setHosted] = useState(false);
  useEffect(() => {
    setHosted(typeof ShadowRoot !== 'undefined' && button.current?.getRootNode() instanceof ShadowRoot);
  }, []);
  return (
    <>
      <button type="button" ref={button} className="ss-button" aria-haspopup="dialog" hidden={hosted} onClick={() => {
          setWanted(true);
          setOpen(true);
        }}>
        {t('share.open')}
      </button>
      {wanted ? (
        <LazyPart areaKey="app.area.share" focus>
          <ShareDialog
            open={open}
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </LazyPart>
      ) : null}
    </>
  );
}
