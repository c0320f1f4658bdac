// per-call-buffer: one buffer per call; parse it once, when that call's end arrives.
import { Calls } from './calls';
import type { Out, RefTurn } from './trace';

/** Chat and Gemini have no end event per call: the finish (or the stream's end) ends them all. */
export const endsAtFinish = (wire: string) => wire === 'openai-chat' || wire === 'gemini';

export function perCallBuffer(turn: RefTurn, out: Out): void {
  const calls = new Calls(out);
  for (const e of turn.events) {
    if (e.kind === 'start') calls.start(e);
    if (e.kind === 'args') calls.append(calls.current(e.key, e.frame), e);
    if (e.kind === 'end') {
      const known = calls.byKey.get(e.key);
      if (known?.closed) continue; // already ended (by output_item.done)
      const call = known ?? calls.open(e.key, e.frame);
      if (e.text !== undefined && !call.sawArgs) calls.append(call, e); // the end carries the whole arguments
      calls.close(call, e.frame, turn.wire);
    }
    if (e.kind === 'complete') {
      const call = calls.complete(e);
      if (!call) continue;
      if (!call.sawArgs) calls.append(call, e);
      // a Gemini part is a whole call, but the finish is what ends calls there
      if (turn.wire !== 'gemini') calls.close(call, e.frame, turn.wire);
    }
    if (e.kind === 'finish' && endsAtFinish(turn.wire)) calls.closeAll(e.frame, turn.wire);
  }
  if (endsAtFinish(turn.wire)) calls.closeAll(turn.end, turn.wire);
}
