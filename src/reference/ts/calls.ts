// Calls kept by their key (Anthropic block index, Chat tool_calls[].index, Responses output_index, Gemini part):
// the bookkeeping that parse-each-fragment, per-call-buffer and next-index-closes share.
import type { Out, RefEvent } from './trace';

export interface Call {
  key: string;
  id: string;
  name: string;
  buffer: number;
  sawArgs: boolean; // a fragment (or the whole arguments) arrived
  closed: boolean; // parsed at its end
  ready: boolean; // taken (parse-each-fragment)
  complete: boolean; // a whole-call event was applied
}

export class Calls {
  byKey = new Map<string, Call>(); // each key's latest call
  opened: Call[] = []; // every call, in the order it opened
  constructor(readonly out: Out) {}

  open(key: string, frame: number, id = '', name = ''): Call {
    const call = { key, id, name, buffer: this.out.open(key, frame, id, name), sawArgs: false, closed: false, ready: false, complete: false };
    this.byKey.set(key, call);
    this.opened.push(call);
    return call;
  }

  /** The key's open call, or a new one. */
  current(key: string, frame: number): Call {
    const call = this.byKey.get(key);
    return call && !call.closed ? call : this.open(key, frame);
  }

  /** A call starts: on an open key it is the same call; another id there (a reused index) runs the names together. */
  start(e: RefEvent): Call {
    const call = this.byKey.get(e.key);
    if (!call || call.closed) return this.open(e.key, e.frame, e.id, e.name);
    if (e.id && call.id && e.id !== call.id) call.name += e.name ?? '';
    else this.fill(call, e.id, e.name);
    this.out.name(call.buffer, call.id, call.name);
    return call;
  }

  fill(call: Call, id = '', name = ''): void {
    call.id ||= id;
    call.name ||= name;
    this.out.name(call.buffer, call.id, call.name);
  }

  append(call: Call, e: RefEvent): number {
    call.sawArgs = true;
    return this.out.append(call.buffer, e.frame, e.text ?? '');
  }

  /** The call a whole-call event is for; undefined when it repeats a call already ended (Responses item.done). */
  complete(e: RefEvent): Call | undefined {
    const call = this.byKey.get(e.key);
    if (call?.closed && !call.complete && (call.id === e.id || !e.id || !call.id)) {
      call.complete = true;
      return undefined;
    }
    const target = call && !call.closed && !call.complete ? call : this.open(e.key, e.frame, e.id, e.name);
    this.fill(target, e.id, e.name);
    target.complete = true;
    return target;
  }

  /** Parses the whole buffer once; ready on success. */
  close(call: Call, frame: number, wire: string): void {
    if (call.closed) return;
    call.closed = true;
    const text = this.out.text(call.buffer);
    if (this.out.parse(call.buffer, frame, 0, text, wire === 'anthropic-messages')) this.out.ready(call.key, call.id, call.name, text, frame);
  }

  closeAll(frame: number, wire: string): void {
    for (const call of this.opened) this.close(call, frame, wire);
  }
}
