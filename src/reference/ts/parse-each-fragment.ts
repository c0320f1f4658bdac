// parse-each-fragment: JSON.parse every fragment by itself as it arrives; the first success is the call.
import { Calls, type Call } from './calls';
import type { Out, RefEvent, RefTurn } from './trace';

export function parseEachFragment(turn: RefTurn, out: Out): void {
  const calls = new Calls(out);
  const tryFragment = (call: Call, e: RefEvent) => {
    const start = calls.append(call, e);
    if (call.ready) return; // taken already: later fragments are kept, never parsed
    const fragment = e.text ?? '';
    if (out.parse(call.buffer, e.frame, start, fragment)) {
      call.ready = true;
      out.ready(call.key, call.id, call.name, fragment, e.frame);
    }
  };
  for (const e of turn.events) {
    if (e.kind === 'start') calls.start(e);
    if (e.kind === 'args') tryFragment(calls.current(e.key, e.frame), e);
    if (e.kind === 'end') {
      const call = calls.current(e.key, e.frame);
      if (e.text !== undefined && !call.sawArgs) tryFragment(call, e); // the end's whole arguments, if no fragment came
    }
    if (e.kind === 'complete') {
      const call = calls.complete(e);
      if (call && !call.sawArgs) tryFragment(call, e);
    }
  }
}
