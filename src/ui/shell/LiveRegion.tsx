// A polite live region announcing frame changes: after a short pause when scrubbing or stepping, and at most every
// few seconds while playing, so a screen reader is not flooded.
import { useEffect, useRef, useState } from 'react';
import { usePlayer } from '../../store/react';
import { frameValueText } from '../scrubber/describe';
import { useT } from './useT';

const SETTLE_MS = 350;
const PLAYING_EVERY_MS = 3000;

export function LiveRegion() {
  const { t } = useT();
  const session = usePlayer((s) => s.session);
  const frame = usePlayer((s) => s.frame);
  const playing = usePlayer((s) => s.playback === 'playing');
  const [text, setText] = useState('');
  const lastSaid = useRef(0);

  useEffect(() => {
    if (!session) return;
    const now = performance.now();
    const wait = playing ? Math.max(0, lastSaid.current + PLAYING_EVERY_MS - now) : SETTLE_MS;
    const timer = setTimeout(() => {
      lastSaid.current = performance.now();
      setText(frameValueText(session, frame, t));
    }, wait);
    return () => clearTimeout(timer);
  }, [session, frame, playing, t]);

  return (
    <div className="ss-visually-hidden" aria-live="polite" aria-atomic="true" data-testid="live-region">
      {text}
    </div>
  );
}
