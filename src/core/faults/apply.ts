/**
 * Applying the instructor lab's faults to a recording, in the order given, before the analysis.
 *
 * Contract: `applyFaults(recording, specs, seed)` never throws and never mutates `recording`. It parses every spec
 * first (a bad spec fails the whole list, naming its position), then applies them one after the other, each to the
 * result of the previous one: frame numbers in a spec count the frames of the recording as the earlier faults
 * left it. A frame that does not exist, or a Chat-only fault on another wire, fails with a message naming the spec,
 * its position and the facts (frame count, wire). The same (recording, specs, seed) always gives the same bytes.
 * `recording.issues` gains nothing: a fault's effect is what the analysis then finds. `noEffect` lists the
 * positions of faults that left the bytes, chunks and times exactly as they were (e.g. `interleave` on calls that
 * each arrive in one chunk, `rechunk` on Gemini), so the UI can say so instead of showing nothing happening.
 */
import { sameChunks } from '../chunk-table';
import type { Recording, Turn, WireId } from '../types';
import { interleave, reuseIndex } from './chat';
import { crlfTurn, seededRng, splitUtf8Turn, type Rng } from './framing';
import { describeFault, parseFault } from './parse';
import { rechunk } from './rechunk';
import { resolveWire, type Rewritten } from './rewrite';
import { decodeFrames, locateFrame, type FrameLocation } from './segment';
import { bursts, cutAt, dropAt, stallAt } from './timing';
import type { ApplyResult, Fault, FaultError, FaultErrorCode } from './types';

type Step = { ok: true; recording: Recording } | { ok: false; code: FaultErrorCode; values: Record<string, string | number>; why: string };

const done = (recording: Recording): Step => ({ ok: true, recording });

/** Drops the recorded final message of turns whose calls a fault changed. */
function forgetFinals({ recording, changed }: Rewritten): Recording {
  if (changed.length === 0) return recording;
  const turns = recording.turns.map((turn, i) => {
    if (!changed.includes(i) || !turn.final) return turn;
    const { final: _final, ...rest } = turn;
    return rest;
  });
  return { ...recording, turns };
}

function needWire(recording: Recording, fault: Fault, run: (wire: WireId) => Step): Step {
  const frames = decodeFrames(recording);
  if (frames.count === 0) return done(recording);
  const wire = resolveWire(recording, frames);
  if (!wire) return { ok: false, code: 'unknown-wire', values: {}, why: 'cannot tell the wire of this recording (the header names none and no event shows it)' };
  const only = describeFault(fault).wires;
  if (only && !only.includes(wire)) {
    return { ok: false, code: 'wrong-wire', values: { wire, applies: only.join(', ') }, why: `applies to ${only.join(', ')} streams only; this recording is ${wire}` };
  }
  return run(wire);
}

function atFrame(recording: Recording, frame: number, run: (at: FrameLocation) => Recording): Step {
  const all = decodeFrames(recording);
  const at = locateFrame(recording, frame, all);
  if (at) return done(run(at));
  const frames = all.count;
  const range = frames === 0 ? 'it has no frames' : `it has ${frames} frames (0-${frames - 1})`;
  return { ok: false, code: 'no-such-frame', values: { frame, frames }, why: `frame ${frame} does not exist; ${range}` };
}

function applyOne(recording: Recording, fault: Fault, rng: Rng): Step {
  switch (fault.id) {
    case 'rechunk':
      return needWire(recording, fault, (wire) => done(rechunk(recording, wire, fault.size).recording));
    case 'interleave':
      return needWire(recording, fault, () => done(interleave(recording).recording));
    case 'reuse-index':
      return needWire(recording, fault, () => done(forgetFinals(reuseIndex(recording))));
    case 'cut':
      return atFrame(recording, fault.frame, (at) => cutAt(recording, at));
    case 'drop':
      return atFrame(recording, fault.frame, (at) => dropAt(recording, at));
    case 'stall':
      return atFrame(recording, fault.frame, (at) => stallAt(recording, at, fault.ms));
    case 'split-utf8':
      return done({ ...recording, turns: recording.turns.map((t) => splitUtf8Turn(t, rng)) });
    case 'crlf':
      return done({ ...recording, turns: recording.turns.map((t) => crlfTurn(t, rng)) });
    case 'bursts':
      return done(bursts(recording, fault.everyMs));
  }
}

function sameTurn(a: Turn, b: Turn): boolean {
  if (a === b) return true;
  if (a.requestAt !== b.requestAt || a.end?.time !== b.end?.time || a.end?.status !== b.end?.status) return false;
  if (a.final !== b.final) return false;
  return sameChunks(a.chunks, b.chunks);
}

/** Whether a fault left the recording's turns exactly as they were (same bytes, chunks and times). */
const unchanged = (a: Recording, b: Recording): boolean =>
  a === b || (a.turns.length === b.turns.length && a.turns.every((t, i) => sameTurn(t, b.turns[i] as Turn)));

export function applyFaults(recording: Recording, specs: readonly string[], seed = 1): ApplyResult {
  const faults: Fault[] = [];
  const list = Array.isArray(specs) ? specs : [];
  for (const [position, spec] of list.entries()) {
    const parsed = parseFault(spec);
    if (!parsed.ok) {
      return { ok: false, error: `fault ${position + 1}: ${parsed.error}`, issue: { ...parsed.issue, position } };
    }
    faults.push(parsed.fault);
  }
  const rng = seededRng(Number.isFinite(seed) ? seed : 1);
  let current = recording;
  const noEffect: number[] = [];
  for (const [position, fault] of faults.entries()) {
    const spec = describeFault(fault).spec;
    let step: Step;
    try {
      step = applyOne(current, fault, rng);
    } catch (e) {
      // A bug of ours must not take the page down: report it as this fault's failure.
      const why = e instanceof Error ? e.message : String(e);
      step = { ok: false, code: 'internal', values: { message: why }, why: `could not be applied (${why})` };
    }
    if (!step.ok) {
      const issue: FaultError = { code: step.code, spec, position, values: step.values };
      return { ok: false, error: `fault ${position + 1} "${spec}": ${step.why}`, issue };
    }
    if (unchanged(current, step.recording)) noEffect.push(position);
    current = step.recording;
  }
  return { ok: true, recording: current, noEffect };
}
