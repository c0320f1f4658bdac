// Presenter mode's way out for mouse users: the one control it keeps besides the player's own (the header and its
// teaching-tools bar are hidden then).
import { useActions } from '../../store/react';
import { useT } from '../shell/useT';

export function PresenterExit() {
  const { t } = useT();
  const a = useActions();
  return (
    <div className="ss-presenter-bar">
      <p className="ss-presenter-hint">{t('lab.presenter.hint')}</p>
      <button type="button" onClick={() => a.setPresenter(false)}>
        {t('lab.bar.presenterExit')}
      </button>
    </div>
  );
}
