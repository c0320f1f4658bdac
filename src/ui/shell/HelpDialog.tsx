// The keyboard help: a modal <dialog> listing the player's keys (Escape or the Close button closes it and focus
// returns to where it was).
import { useId } from 'react';
import { registerMessages, type MessageKey } from '../../i18n';
import { dialogs } from '../../i18n/messages/dialogs';
import { useModalDialog } from '../useModalDialog';
import { useT } from './useT';

// this dialog's strings (both languages) come with its code, not with the first page
registerMessages(dialogs);

const KEYS: [string[], MessageKey][] = [
  [['Space'], 'app.help.space'],
  [['←', '→'], 'app.help.leftRight'],
  [['Shift + ←', 'Shift + →'], 'app.help.shiftLeftRight'],
  [['[', ']'], 'app.help.brackets'],
  [['Home', 'End'], 'app.help.homeEnd'],
  [['0', '…', '9'], 'app.help.digits'],
  [['↑', '↓'], 'app.help.upDown'],
  [['Enter'], 'app.help.enter'],
  [['P'], 'app.help.presenter'],
  [['PgUp', 'PgDn'], 'app.help.pages'],
  [['W', 'S'], 'app.help.zoom'],
  [['A', 'D'], 'app.help.pan'],
  [['Esc'], 'app.help.escape'],
  [['?'], 'app.help.question'],
];

export function HelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT();
  const dialog = useModalDialog({ open, onClose });
  const titleId = useId();

  return (
    <dialog {...dialog} className="ss-dialog" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('app.help.title')}</h2>
      <p>{t('app.help.scope')}</p>
      <table className="ss-keys">
        <tbody>
          {KEYS.map(([keys, label]) => (
            <tr key={label}>
              <th scope="row">
                {keys.map((k, i) => (k === '…' ? <span key={i}> … </span> : <kbd key={i}>{k}</kbd>))}
              </th>
              <td>{t(label)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form method="dialog">
        <button type="submit" className="ss-button" autoFocus>
          {t('app.help.close')}
        </button>
      </form>
    </dialog>
  );
}
