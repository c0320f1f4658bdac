/**
 * Ground truth: the tool calls a stream carried, per turn, independent of any assembly strategy.
 *
 * Contract: `carriedCalls(wire, frames, signals)` never throws and returns calls sorted by (turn, startFrame).
 * - A call starts at a call-start with a key that has no call yet in the turn, or whose call has a different
 *   non-empty id (a reused index: two carried calls, and `traceCalls` reports it); at args for an unknown key
 *   (id and name ''); at a call-complete for an unknown key or a key whose call already had a complete event
 *   (Gemini positions). A call-complete with the same id (or none) completes the key's current call.
 * - args = the concatenation of its args fragments; when none came, the whole args of its call-end / call-complete.
 * - endFrame = its first end signal: call-end or call-complete; on openai-chat and gemini also the finish signal,
 *   or the wire's terminal frame ([DONE]) when finish never came. Undefined when the stream was cut before it.
 * - valid = args parse as JSON (JSON.parse; '' is not JSON).
 */
import { isTerminalSignals } from '../wire';
import type { CallKey, CarriedCall, Frame, FrameIndex, Signal, WireId } from '../types';
import { emptyArgsMeanNoArgs, parseJson } from './json';
import { endsAtFinish } from './slots';

export interface ReusedKey {
  turn: number;
  key: CallKey;
  frame: FrameIndex;
}

export interface CallTrace {
  carried: CarriedCall[];
  /** Call-starts that reused an open key with a different id. */
  reused: ReusedKey[];
  /** Per carried call (same order): how many distinct frames carried a piece of its arguments. */
  argFrames: number[];
}

interface Draft {
  call: CarriedCall;
  parts: string[];
  sawArgs: boolean;
  complete: boolean;
  wholeArgs?: string;
  argFrames: number;
  lastArgFrame: number;
}

export function traceCalls(wire: WireId, frames: readonly Frame[], signals: readonly (readonly Signal[])[]): CallTrace {
  const drafts: Draft[] = [];
  const reused: ReusedKey[] = [];
  let byKey = new Map<CallKey, Draft>();
  let turnDrafts: Draft[] = [];
  let turn = Number.NaN;
  const finishEnds = endsAtFinish(wire);

  const open = (key: CallKey, frame: FrameIndex, id = '', name = ''): Draft => {
    const call: CarriedCall = { turn, key, id, name, argsText: '', startFrame: frame, valid: false };
    const d: Draft = { call, parts: [], sawArgs: false, complete: false, argFrames: 0, lastArgFrame: -1 };
    byKey.set(key, d);
    drafts.push(d);
    turnDrafts.push(d);
    return d;
  };
  const fill = (d: Draft, id: string | undefined, name: string | undefined) => {
    if (id && !d.call.id) d.call.id = id;
    if (name && !d.call.name) d.call.name = name;
  };
  const end = (d: Draft, frame: FrameIndex) => {
    if (d.call.endFrame === undefined) d.call.endFrame = frame;
  };
  const countFrame = (d: Draft, frame: FrameIndex) => {
    if (d.lastArgFrame !== frame) {
      d.argFrames++;
      d.lastArgFrame = frame;
    }
  };

  for (let i = 0; i < frames.length; i++) {
    const frame = frames[i] as Frame;
    if (frame.turn !== turn) {
      turn = frame.turn;
      byKey = new Map();
      turnDrafts = [];
    }
    const f = frame.index;
    const sigs = signals[i] ?? [];
    for (const s of sigs) {
      switch (s.kind) {
        case 'call-start': {
          const d = byKey.get(s.key);
          if (!d) open(s.key, f, s.id, s.name);
          else if (s.id && d.call.id && s.id !== d.call.id) {
            reused.push({ turn, key: s.key, frame: f });
            open(s.key, f, s.id, s.name);
          } else fill(d, s.id, s.name);
          break;
        }
        case 'args': {
          const d = byKey.get(s.key) ?? open(s.key, f);
          d.parts.push(s.text);
          d.sawArgs = true;
          if (s.text !== '') countFrame(d, f);
          break;
        }
        case 'call-end': {
          const d = byKey.get(s.key) ?? open(s.key, f);
          if (s.args !== undefined && d.wholeArgs === undefined) d.wholeArgs = s.args;
          end(d, f);
          break;
        }
        case 'call-complete': {
          let d = byKey.get(s.key);
          if (!d || d.complete || (s.id && d.call.id && s.id !== d.call.id)) {
            if (d && !d.complete) reused.push({ turn, key: s.key, frame: f });
            d = open(s.key, f, s.id, s.name);
          }
          fill(d, s.id, s.name);
          d.complete = true;
          if (d.wholeArgs === undefined) d.wholeArgs = s.args;
          if (!d.sawArgs && s.args !== '') countFrame(d, f);
          end(d, f);
          break;
        }
        case 'finish':
          if (finishEnds) for (const d of turnDrafts) end(d, f);
          break;
        default:
          break;
      }
    }
    if (finishEnds && isTerminalSignals(wire, sigs)) for (const d of turnDrafts) end(d, f);
  }

  const carried = drafts.map((d) => {
    d.call.argsText = d.sawArgs ? d.parts.join('') : (d.wholeArgs ?? '');
    d.call.valid = emptyArgsMeanNoArgs(wire, d.call.argsText) || parseJson(d.call.argsText).ok;
    return d.call;
  });
  return { carried, reused, argFrames: drafts.map((d) => d.argFrames) };
}

export function carriedCalls(wire: WireId, frames: readonly Frame[], signals: readonly (readonly Signal[])[]): CarriedCall[] {
  return traceCalls(wire, frames, signals).carried;
}
