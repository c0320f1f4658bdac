// The teaching tools' bar (shown under the header, hidden in presenter mode): switches for the instructor lab, the
// strategy matrix, the lesson tour and presenter mode, each a toggle button (aria-pressed), and how many faults are on.
// Rendered by the header (shell/Header.tsx), so it loads with the header's chunk: an embed, which has no header,
// does not fetch it before its first paint.
import { useActions, useLab } from '../../store/react';
import { useT } from '../shell/useT';

export const LESSON_TOUR = 'lesson';

export function LabBar() {
  const { t } = useT();
  const a = useActions();
  const labOpen = useLab((s) => s.labOpen);
  const matrixOpen = useLab((s) => s.matrixOpen);
  const touring = useLab((s) => s.tour !== null);
  const presenter = useLab((s) => s.presenter);
  const faults = useLab((s) => s.applied.faults.length);
  return (
    <div className="ss-labbar" role="group" aria-label={t('lab.bar.label')}>
      <button type="button" aria-pressed={labOpen} onClick={() => a.setLabOpen(!labOpen)}>
        {t('lab.bar.lab')}
      </button>
      <button type="button" aria-pressed={matrixOpen} onClick={() => a.setMatrixOpen(!matrixOpen)}>
        {t('lab.bar.matrix')}
      </button>
      <button type="button" aria-pressed={touring} onClick={() => (touring ? a.closeTour() : void a.openTour(LESSON_TOUR))}>
        {t('lab.bar.tour')}
      </button>
      <button type="button" aria-pressed={presenter} onClick={() => a.setPresenter(!presenter)}>
        {t('lab.bar.presenter')}
      </button>
      {faults > 0 && (
        <span className="ss-labbar-faults" role="status">
          <span aria-hidden="true">⚠ </span>
          {t('lab.bar.faultsOn', { n: faults })}
        </span>
      )}
    </div>
  );
}
