// shared-buffer: one string for the whole turn; every fragment of every call goes into it; parse it at the end.
import type { Out, RefTurn } from './trace';

export function sharedBuffer(turn: RefTurn, out: Out): void {
  let buffer = null as number | null;
  let first = null as { key: string; id: string; name: string } | null; // the call the one buffer is named after
  const withArgs = new Set<string>(); // calls that sent fragments
  const whole = new Set<string>(); // calls whose whole arguments were appended
  const completed = new Set<string>(); // keys that had a whole-call event
  const theBuffer = (frame: number, key: string, id = '', name = ''): number => {
    if (first === null) first = { key, id, name };
    else if (first.key === key) {
      first.id ||= id;
      first.name ||= name;
    }
    if (buffer === null) buffer = out.open(null, frame, first.id, first.name);
    else out.name(buffer, first.id, first.name);
    return buffer;
  };
  const appendWhole = (frame: number, key: string, args: string, id = '', name = '') => {
    const b = theBuffer(frame, key, id, name);
    if (withArgs.has(key) || whole.has(key)) return; // the fragments are in already
    out.append(b, frame, args);
    whole.add(key);
  };
  for (const e of turn.events) {
    if (e.kind === 'start') theBuffer(e.frame, e.key, e.id, e.name);
    if (e.kind === 'args') {
      withArgs.add(e.key);
      out.append(buffer !== null && first !== null ? buffer : theBuffer(e.frame, e.key), e.frame, e.text ?? '');
    }
    if (e.kind === 'end' && e.text !== undefined) appendWhole(e.frame, e.key, e.text);
    if (e.kind === 'complete') {
      if (completed.has(e.key)) out.append(theBuffer(e.frame, e.key), e.frame, e.text ?? ''); // another call there
      else {
        completed.add(e.key);
        appendWhole(e.frame, e.key, e.text ?? '', e.id, e.name);
      }
    }
  }
  if (buffer === null || first === null) return;
  const text = out.text(buffer);
  if (out.parse(buffer, turn.end, 0, text)) out.ready(first.key, first.id, first.name, text, turn.end);
}
