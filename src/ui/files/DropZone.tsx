// Drag and drop onto the whole player: while a file is dragged over it, a visible overlay says what can be dropped;
// dropping opens the first file (size checked first). Drags without files (text, links) are left alone.
import { useEffect, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useActions, usePlayerStore } from '../../store/react';
import { useT } from '../shell/useT';
import { useFileStore } from './context';
import { openUserFileLater } from './openLater';

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/** `anchor`: any element inside the player; the drop target is its closest `.ss-player`. */
export function DropZone({ anchor }: { anchor: RefObject<HTMLElement | null> }) {
  const { t } = useT();
  const actions = useActions();
  const playerStore = usePlayerStore();
  const fileStore = useFileStore();
  const [player, setPlayer] = useState<HTMLElement | null>(null);
  const [over, setOver] = useState(false);

  useEffect(() => {
    setPlayer(anchor.current?.closest<HTMLElement>('.ss-player') ?? null);
  }, [anchor]);

  useEffect(() => {
    if (!player) return;
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth++;
      setOver(true);
    };
    const overHandler = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setOver(false);
      const files = Array.from(e.dataTransfer?.files ?? []);
      const first = files[0];
      if (!first) return actions.warn({ key: 'files.drop.none' });
      if (files.length > 1) actions.warn({ key: 'files.drop.many', params: { name: first.name } });
      void openUserFileLater(first, playerStore, fileStore);
    };
    player.addEventListener('dragenter', enter);
    player.addEventListener('dragover', overHandler);
    player.addEventListener('dragleave', leave);
    player.addEventListener('drop', drop);
    return () => {
      player.removeEventListener('dragenter', enter);
      player.removeEventListener('dragover', overHandler);
      player.removeEventListener('dragleave', leave);
      player.removeEventListener('drop', drop);
    };
  }, [player, actions, playerStore, fileStore]);

  if (!player || !over) return null;
  return createPortal(
    <div className="ss-drop-overlay" data-testid="drop-overlay">
      <div className="ss-drop-card">
        <p className="ss-drop-title">{t('files.drop.overlay')}</p>
        <p>{t('files.drop.formats')}</p>
      </div>
    </div>,
    player,
  );
}
