/**
 * The bookkeeping of the ground truth: calls opened, fed and ended by the per-wire plain readers.
 *
 * Contract: a reader tells the tracer what each event's own fields say, in frame order: `start` (a call's opening
 * event, with its id and name), `fragment` (a piece of argument text), `whole` (the whole arguments an end or
 * item event carries), `end`, `complete` (an event that is a whole call: Gemini parts, Responses items,
 * Anthropic blocks inside message_start), `endAll` (the wire ends every call of the turn: Chat finish_reason or
 * [DONE], Gemini finishReason for calls sent whole). Rules:
 * - a start on a key with no call yet opens one; a start with another non-empty id than the key's open call is a
 *   reused key: a second call (reported in `reused`); otherwise it fills the missing id / name;
 * - a fragment or an end for a key with no call opens one with id and name '';
 * - a complete opens a new call when the key has none, already had a complete event, or has another id;
 * - args = the joined fragments when any came (fragments given as JSON string literals are decoded as they come,
 *   into code units joined once per call), else the whole args; endFrame = the first end;
 * - a call the reader marks `streamed` (Gemini partialArgs) is not ended by `endAll`: finishReason arriving
 *   while its arguments are still coming leaves it cut (endFrame undefined).
 * Nothing here knows a wire's field names; the readers never share code with the wire adapters.
 */
import type { CallKey, CarriedCall, FrameIndex, Mutable, TurnIndex } from '../../types';
import { keepAlive } from './keep';
import { chain, Pieces, type Chain } from './pieces';

export interface ReusedKey {
  turn: TurnIndex;
  key: CallKey;
  frame: FrameIndex;
}

export interface CallTrace {
  carried: CarriedCall[];
  /** Call-starts that reused an open key with a different id. */
  reused: ReusedKey[];
  /** Per carried call (same order): how many distinct frames carried a piece of its arguments. */
  argFrames: number[];
  /** Per carried call (same order): the last frame that carried a piece of its arguments, if any. */
  lastArgFrame: (FrameIndex | undefined)[];
  /** Per carried call (same order): argument pieces the reader could not place (Gemini partialArgs). */
  unread: number[];
}

interface Draft {
  call: Mutable<CarriedCall>;
  /** The argument pieces (pieces.ts). */
  parts: Chain;
  sawFragment: boolean;
  complete: boolean;
  streamed: boolean;
  whole: string | undefined;
  argFrames: number;
  lastArgFrame: FrameIndex | undefined;
  unread: number;
}

export class Tracer {
  private readonly drafts: Draft[] = [];
  private readonly pieces: Pieces;
  /** The draft of the key looked up last (most pieces go to the call the previous one went to). */
  private lastKey: CallKey | undefined;
  private lastDraft: Draft | undefined;
  private readonly reused: ReusedKey[] = [];
  private byKey = new Map<CallKey, Draft>();
  private turnDrafts: Draft[] = [];
  private turn = Number.NaN as TurnIndex;

  /** `capacity`: about how many argument pieces are coming (e.g. the frame count), to make room at once. */
  constructor(capacity?: number) {
    this.pieces = new Pieces(capacity);
  }

  /** Called for every frame: a new turn forgets the keys of the previous one. */
  at(turn: TurnIndex): void {
    if (turn === this.turn) return;
    this.turn = turn;
    this.byKey = new Map();
    this.turnDrafts = [];
    this.lastKey = undefined;
  }

  private draft(key: CallKey): Draft | undefined {
    if (key === this.lastKey) return this.lastDraft;
    const d = this.byKey.get(key);
    this.lastKey = key;
    this.lastDraft = d;
    return d;
  }

  private open(key: CallKey, frame: FrameIndex, id = '', name = ''): Draft {
    const call: Mutable<CarriedCall> = { turn: this.turn, key, id, name, argsText: '', startFrame: frame, valid: false };
    const d: Draft = { call, parts: chain(), sawFragment: false, complete: false, streamed: false, whole: undefined, argFrames: 0, lastArgFrame: undefined, unread: 0 };
    this.byKey.set(key, d);
    if (key === this.lastKey) this.lastDraft = d;
    this.drafts.push(d);
    this.turnDrafts.push(d);
    return d;
  }

  private fill(d: Draft, id: string | undefined, name: string | undefined): void {
    if (id && !d.call.id) d.call.id = id;
    if (name && !d.call.name) d.call.name = name;
  }

  /** Counts a frame that carried a piece of a call's arguments (once per frame). */
  private piece(d: Draft, frame: FrameIndex): void {
    if (d.lastArgFrame === frame) return;
    d.argFrames++;
    d.lastArgFrame = frame;
  }

  start(key: CallKey, frame: FrameIndex, id?: string, name?: string, streamed = false): void {
    const d = this.draft(key);
    let target = d;
    if (!d) target = this.open(key, frame, id, name);
    else if (id && d.call.id && id !== d.call.id) {
      this.reused.push({ turn: this.turn, key, frame });
      target = this.open(key, frame, id, name);
    } else this.fill(d, id, name);
    if (streamed && target) target.streamed = true;
  }

  fragment(key: CallKey, frame: FrameIndex, text: string): void {
    const d = this.draft(key) ?? this.open(key, frame);
    this.pieces.addText(d.parts, text);
    d.sawFragment = true;
    if (text !== '') this.piece(d, frame);
  }

  /**
   * A fragment given as a JSON string literal the reader checked (fit.ts `fitShapeIn`), `data.slice(start, end)`:
   * the same as `fragment(key, frame, JSON.parse(data.slice(start, end)))`, decoded now into code units that
   * `finish` joins once per call (pieces.ts).
   */
  fragmentJson(key: CallKey, frame: FrameIndex, data: string, start: number, end: number): void {
    const d = this.draft(key) ?? this.open(key, frame);
    this.pieces.addLiteral(d.parts, data, start, end);
    d.sawFragment = true;
    if (end - start > 2) this.piece(d, frame);
  }

  /** A frame that carried argument pieces for a call that are merged, not joined (Gemini partialArgs). */
  touched(key: CallKey, frame: FrameIndex): void {
    const d = this.draft(key);
    if (d) this.piece(d, frame);
  }

  /** An argument piece that could not be placed (a path that cannot be read, an entry with no value). */
  unreadPiece(key: CallKey, frame: FrameIndex): void {
    const d = this.draft(key);
    if (!d) return;
    d.unread++;
    this.piece(d, frame);
  }

  whole(key: CallKey, frame: FrameIndex, args: string): void {
    const d = this.draft(key) ?? this.open(key, frame);
    if (d.whole === undefined) d.whole = args;
  }

  end(key: CallKey, frame: FrameIndex): void {
    const d = this.draft(key) ?? this.open(key, frame);
    if (d.call.endFrame === undefined) d.call.endFrame = frame;
  }

  complete(key: CallKey, frame: FrameIndex, id: string, name: string, args: string): void {
    let d = this.draft(key);
    if (!d || d.complete || (id && d.call.id && id !== d.call.id)) {
      if (d && !d.complete) this.reused.push({ turn: this.turn, key, frame });
      d = this.open(key, frame, id, name);
    }
    this.fill(d, id, name);
    d.complete = true;
    if (d.whole === undefined) d.whole = args;
    if (!d.sawFragment && args !== '') this.piece(d, frame);
    if (d.call.endFrame === undefined) d.call.endFrame = frame;
  }

  /** Ends every call of the turn that is not streaming its arguments. */
  endAll(frame: FrameIndex): void {
    for (const d of this.turnDrafts) if (!d.streamed && d.call.endFrame === undefined) d.call.endFrame = frame;
  }

  /** Replaces a call's arguments (Gemini: the merged object, as JSON). */
  setArgs(key: CallKey, args: string): void {
    const d = this.draft(key);
    if (d) {
      this.pieces.reset(d.parts, args);
      d.sawFragment = true;
    }
  }

  finish(valid: (args: string) => boolean): CallTrace {
    const carried = this.drafts.map((d) => {
      d.call.argsText = !d.sawFragment ? (d.whole ?? '') : this.pieces.text(d.parts);
      d.call.valid = valid(d.call.argsText);
      return d.call;
    });
    return {
      carried,
      reused: this.reused,
      argFrames: this.drafts.map((d) => d.argFrames),
      lastArgFrame: this.drafts.map((d) => d.lastArgFrame),
      unread: this.drafts.map((d) => d.unread),
    };
  }
}

// a tracer that traced a call (keep.ts): the Tracer's, Pieces' and a carried call's shapes, ended ones too
const kept = keepAlive(new Tracer(1));
kept.at(0 as TurnIndex);
kept.start('0', 0 as FrameIndex, 'id', 'name');
kept.fragmentJson('0', 0 as FrameIndex, '""', 0, 2);
kept.end('0', 0 as FrameIndex);
kept.finish(() => true);
