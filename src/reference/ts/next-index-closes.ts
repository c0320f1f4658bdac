// next-index-closes: the OpenAI Node SDK's heuristic on Chat streams: the current call is complete as soon as
// another index shows up, or at the finish. Interleaved calls break it.
import { Calls, type Call } from './calls';
import type { Out, RefTurn } from './trace';

export const applies = (wire: string) => wire === 'openai-chat';

export function nextIndexCloses(turn: RefTurn, out: Out): void {
  const calls = new Calls(out);
  let current: Call | null = null;
  const focus = (key: string, frame: number): Call | undefined => {
    if (current && current.key !== key) calls.close(current, frame, turn.wire); // another index: the last call is done
    const call = current?.key === key ? current : calls.byKey.get(key);
    return call?.closed ? calls.open(key, frame, call.id, call.name) : call; // more for a closed call: a new buffer
  };
  for (const e of turn.events) {
    if (e.kind === 'start') {
      focus(e.key, e.frame);
      current = calls.start(e);
    }
    if (e.kind === 'args') {
      const call = focus(e.key, e.frame) ?? calls.open(e.key, e.frame);
      calls.append(call, e);
      current = call;
    }
    if (e.kind === 'finish') {
      calls.closeAll(e.frame, turn.wire);
      current = null;
    }
  }
  calls.closeAll(turn.end, turn.wire);
}
