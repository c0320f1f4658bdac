// The current frame, expanded: when it arrived, which network chunks carried it, what the adapter made of it,
// its raw event text and its data as highlighted pretty JSON. A long event (a 50 MB chunk, a base64 image) is
// shown as a window of its first RAW_WINDOW characters with its size: laying out a 50-million-character text node
// froze the tab for half a minute, and a larger one crashed it.
import { memo, useMemo } from 'react';
import type { Frame, Session } from '../../../core/types';
import type { Translate } from '../../../i18n';
import { CodeBlock } from '../../code/CodeBlock';
import { JsonBlock } from '../../code/JsonBlock';
import { HIGHLIGHT_LIMIT } from '../../code/highlighter';
import { signalsAt } from '../../../core/wire/signal-table';
import { chunkInfo, turnRelativeMs } from './rows';
import { prettyJson, rawEventText, signalDetail } from './detailText';
import { registerMessages } from '../../../i18n';
import { frameDetail } from '../../../i18n/messages/frameDetail';

registerMessages(frameDetail);

interface FrameDetailProps {
  session: Session;
  frame: Frame;
  t: Translate;
  theme: 'light' | 'dark';
}

/** The most characters of an event's raw text (and of data that is not JSON) put on the page. */
export const RAW_WINDOW = 20_000;

/** The first RAW_WINDOW characters of `text` (a cut may split a surrogate pair: shown as one replacement mark). */
const windowOf = (text: string) => text.slice(0, RAW_WINDOW);

export const FrameDetail = memo(function FrameDetail({ session, frame, t, theme }: FrameDetailProps) {
  const pretty = useMemo(() => prettyJson(frame.data), [frame.data]);
  const raw = useMemo(() => rawEventText(session, frame), [session, frame]);
  const rawShown = useMemo(() => windowOf(raw), [raw]);
  /** The note under a windowed text: how much of how much is shown. */
  const cutNote = (total: number, shown = RAW_WINDOW) => (total > shown ? <p className="ss-note">{t('panels.raw.detail.window', { shown, total })}</p> : null);
  const chunks = chunkInfo(session.frames, frame.index);
  const signals = useMemo(() => signalsAt(session.signals, frame.index), [session, frame.index]);
  const shown = useMemo(() => pretty?.text ?? windowOf(frame.data), [pretty, frame.data]);
  return (
    <div className="ss-frame-detail">
      <h3 className="ss-detail-title">{t('panels.raw.detail', { index: frame.index, event: frame.event })}</h3>
      <p className="ss-detail-meta">
        <span>{t('panels.raw.detail.when', { turn: frame.turn + 1, time: turnRelativeMs(session, frame) })}</span>
        {chunks ? (
          <span>
            {chunks.split
              ? `⇹ ${t('panels.raw.chunk.split', { first: chunks.first, last: chunks.last })}`
              : t('panels.raw.chunk.one', { chunk: chunks.first })}
            {chunks.shared ? ` · ▤ ${t('panels.raw.chunk.shared', { chunk: chunks.split ? chunks.last : chunks.first })}` : ''}
          </span>
        ) : null}
        <span>{t('panels.raw.bytes', { start: String(frame.byteStart), end: String(frame.byteEnd) })}</span>
      </p>
      <h4 className="ss-detail-sub">{t('panels.raw.detail.signals')}</h4>
      {signals.length === 0 ? (
        <p className="ss-muted">{t('panels.raw.detail.noSignals')}</p>
      ) : (
        <ul className="ss-signals">
          {signals.map((s, i) => (
            <li key={i} className={`ss-signal ss-signal-${s.kind}`}>
              <strong>{t(`panels.signal.${s.kind}`)}</strong> <code>{signalDetail(s)}</code>
            </li>
          ))}
        </ul>
      )}
      <h4 className="ss-detail-sub">{t('panels.raw.detail.raw')}</h4>
      {/* scrollable, so reachable by keyboard (axe scrollable-region-focusable) */}
      <pre className="ss-code ss-raw-text" tabIndex={0}>
        {rawShown}
      </pre>
      {cutNote(raw.length)}
      <h4 className="ss-detail-sub">{t('panels.raw.detail.data')}</h4>
      {pretty === null ? <p className="ss-muted">{t('panels.raw.detail.notJson')}</p> : null}
      {shown.length > HIGHLIGHT_LIMIT ? <p className="ss-muted">{t('panels.raw.detail.large')}</p> : null}
      {pretty !== null ? <JsonBlock pretty={pretty} theme={theme} t={t} /> : <CodeBlock text={shown} theme={theme} highlight={false} />}
      {pretty === null ? cutNote(frame.data.length) : pretty.cutAt !== undefined ? cutNote(frame.data.length, pretty.cutAt) : null}
    </div>
  );
});
