// The partial-json-preview strategy's live previews (one per buffer that exists at this frame), loaded on that
// strategy's first view (ResultsPanel.tsx) with the partial parser (core/strategies/preview.ts).
import { useMemo } from 'react';
import type { BufferLog, FrameIndex, StrategyRun } from '../../../core/types';
import { bufferLengthAt } from '../../../core/session/view';
import { previewAt } from '../../../core/strategies/preview';
import type { Translate } from '../../../i18n';
import { JsonBlock } from '../../code/JsonBlock';
import { prettyValue } from '../../code/pretty';
import { translateIsolated } from '../../i18n/parts';

/** Above this many characters a buffer gets no live preview (the scan would hold up a scrub). */
const PREVIEW_LIMIT = 100_000;

function Preview({ run, buffer, frame, t, theme }: { run: StrategyRun; buffer: BufferLog; frame: FrameIndex; t: Translate; theme: 'light' | 'dark' }) {
  // core memoizes previews per (buffer, prefix length).
  const result = bufferLengthAt(run, buffer, frame) > PREVIEW_LIMIT ? undefined : previewAt(run, buffer.id, frame);
  const value = result?.value;
  const pretty = useMemo(() => (value !== undefined ? prettyValue(value) : null), [value]);
  const label =
    buffer.key === null
      ? t('panels.buffers.shared')
      : translateIsolated(t, 'panels.buffers.call', { name: buffer.name ?? '?', id: buffer.callId ?? '?', key: buffer.key }, ['name', 'id', 'key']);
  return (
    <li className="ss-preview-item">
      <strong>{label}</strong>
      {pretty !== null ? (
        <JsonBlock pretty={pretty} theme={theme} t={t} />
      ) : (
        <p className="ss-muted">{t('panels.results.preview.unreadable')}</p>
      )}
    </li>
  );
}

export default function PreviewList({ run, buffers, frame, t, theme }: { run: StrategyRun; buffers: readonly BufferLog[]; frame: FrameIndex; t: Translate; theme: 'light' | 'dark' }) {
  return (
    <ul className="ss-previews">
      {buffers.map((b) => (
        <Preview key={b.id} run={run} buffer={b} frame={frame} t={t} theme={theme} />
      ))}
    </ul>
  );
}
