// The header: recording picker, file actions (open, paste, export, forget; drop onto the player), compare toggle,
// language, theme, share and the keyboard help button. (The strategy switch sits with the transport controls.)
import { useId } from 'react';
import { THEMES, type Lang, type ThemePref } from '../../store/url';
import { useActions, usePlayer } from '../../store/react';
import { FileControls } from '../files/FileControls';
import { LANGS } from '../../i18n';
import { ShareButton } from '../share/ShareButton';
import { RecordingPicker } from './RecordingPicker';
import { useT } from './useT';
import { LabBar } from '../lab/LabBar';

/** `lab`: the standalone app's teaching-tools bar, inside the banner, so no content sits outside a landmark. */
export function Header({ onHelp, lab = false }: { onHelp: () => void; lab?: boolean }) {
  const { t } = useT();
  const actions = useActions();
  const lang = usePlayer((s) => s.lang);
  const theme = usePlayer((s) => s.theme);
  const compare = usePlayer((s) => s.compare);
  const id = useId();

  return (
    <header className="ss-header">
      <div className="ss-header-row">
        <h1 className="ss-title">
          {t('app.title')} <span className="ss-tagline">{t('app.tagline')}</span>
        </h1>
        <RecordingPicker />
        <FileControls />
        <label className="ss-field ss-check">
          <input type="checkbox" checked={compare} onChange={(e) => actions.setCompare(e.target.checked)} />
          {t('app.compare')}
        </label>
        <div className="ss-field">
          <label htmlFor={`${id}-lang`}>{t('app.lang')}</label>
          {/* the language shown is the one in use: the choice goes back to it until the other's strings have
              arrived (a refused chunk leaves it as it was; the renderer does not reset an unchanged value) */}
          <select
            id={`${id}-lang`}
            value={lang}
            onChange={(e) => {
              const wanted = e.currentTarget.value as Lang;
              e.currentTarget.value = lang;
              actions.setLang(wanted);
            }}
          >
            {LANGS.map((l) => (
              <option key={l} value={l} lang={l}>
                {t(`app.lang.${l}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="ss-field">
          <label htmlFor={`${id}-theme`}>{t('app.theme')}</label>
          <select id={`${id}-theme`} value={theme} onChange={(e) => actions.setTheme(e.target.value as ThemePref)}>
            {THEMES.map((th) => (
              <option key={th} value={th}>
                {t(`app.theme.${th}`)}
              </option>
            ))}
          </select>
        </div>
        <ShareButton />
        <button type="button" className="ss-button ss-help-button" onClick={onHelp} aria-keyshortcuts="?" title={t('app.help.open')}>
          <span aria-hidden="true">?</span>
          <span className="ss-visually-hidden">{t('app.help.open')}</span>
        </button>
      </div>
      {lab && <LabBar />}
    </header>
  );
}
