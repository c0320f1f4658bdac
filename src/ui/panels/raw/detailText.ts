/**
 * Pure helpers for the current frame's detail (./FrameDetail.tsx), apart from the list's (./rows.ts) so that they
 * load with the detail, after the player's first paint: its raw text, its data as pretty JSON, a signal's facts.
 *
 * Contract: never a throw; data over WINDOWED_DATA characters is never parsed or copied whole (./prettyWindow.ts).
 */
import { frameRaw } from '../../../core/sse/frame-table';
import type { Frame, Session, Signal } from '../../../core/types';
import { prettyJsonText, type Pretty } from '../../code/pretty';
import { prettyWindow } from './prettyWindow';

/** The raw event text (fields through the blank line) as it was decoded. */
export function rawEventText(session: Session, frame: Frame): string {
  return frame.index >= 0 && frame.index < session.frames.count ? frameRaw(session.frames, frame.index) : '';
}

/** Data longer than this is shown through its pretty window (./prettyWindow.ts), not parsed on the page. */
export const WINDOWED_DATA = 1 << 20;

/**
 * The data as pretty JSON (bounded in depth and length, ../../code/pretty.ts), or null when it is not JSON; data
 * over WINDOWED_DATA characters as the window of its text re-indented (never parsed or copied whole on the page).
 */
export function prettyJson(data: string): Pretty | null {
  return data.length > WINDOWED_DATA ? prettyWindow(data) : prettyJsonText(data);
}

/** The parts of a signal worth a glance, as data (not prose): key, name, a quoted text preview. */
export function signalDetail(s: Signal): string {
  const q = (text: string) => JSON.stringify(text.length > 48 ? `${text.slice(0, 48)}…` : text);
  switch (s.kind) {
    case 'text':
    case 'reasoning':
      return q(s.text);
    case 'call-start':
      return [`key=${s.key}`, s.name, s.id].filter(Boolean).join(' ');
    case 'args':
      return `key=${s.key} ${q(s.text)}`;
    case 'call-end':
      return `key=${s.key}${s.args !== undefined ? ` ${q(s.args)}` : ''}`;
    case 'call-complete':
      return `key=${s.key} ${s.name} ${q(s.args)}`;
    case 'finish':
      return s.reason;
    case 'usage':
      return [s.inputTokens !== undefined ? `in=${s.inputTokens}` : '', s.outputTokens !== undefined ? `out=${s.outputTokens}` : '']
        .filter(Boolean)
        .join(' ');
    case 'error':
      return [s.errorType, q(s.message)].filter(Boolean).join(' ');
    case 'ignored':
      return s.why;
  }
}
