/**
 * The reference strategies' world (read with them in the code view; run by the differential tests).
 *
 * Contract: a turn is its events in order, each what the wire adapter made of one SSE event (a call started, a
 * fragment of its arguments, its end, a whole call, the finish), plus the frame the stream ended at. A strategy
 * writes what it does to `Out`; `record()` gives an `Out` that keeps it as a plain trace (buffers with their
 * fragments, parse attempts, ready calls), the same shape the Python reference prints.
 */
export interface RefEvent {
  frame: number;
  kind: 'start' | 'args' | 'end' | 'complete' | 'finish';
  key: string;
  id?: string;
  name?: string;
  /** The fragment (args), or the whole arguments an end or complete event carries. */
  text?: string;
}

export interface RefTurn {
  turn: number;
  wire: string;
  events: RefEvent[];
  /** The frame the stream ended at. */
  end: number;
}

export interface Out {
  /** A new buffer for a call (key null: one shared buffer), existing from `frame`; returns its number. */
  open(key: string | null, frame: number, id?: string, name?: string): number;
  /** The call id and name the buffer belongs to (empty: unknown). */
  name(buffer: number, id: string, name: string): void;
  /** Appends a fragment; returns where it starts in the buffer. */
  append(buffer: number, frame: number, text: string): number;
  text(buffer: number): string;
  /** JSON.parse of buffer[start, start + input.length), logged; `emptyIsNoArgs`: '' means {} (Anthropic). */
  parse(buffer: number, frame: number, start: number, input: string, emptyIsNoArgs?: boolean): boolean;
  ready(key: string, id: string, name: string, args: string, frame: number): void;
}

export interface Trace {
  buffers: { turn: number; key: string | null; id: string; name: string; text: string; fragments: [number, number, number][] }[];
  attempts: [number, number, number, number, number, boolean][];
  calls: [number, string, string, string, string, number][];
}

/** An Out that writes into `trace` for turn `turn`. */
export function record(trace: Trace, turn: number): Out {
  return {
    // the frame a buffer opens at is the view's business (the core log keeps it), not the trace's
    open(key, _frame, id = '', name = '') {
      trace.buffers.push({ turn, key, id, name, text: '', fragments: [] });
      return trace.buffers.length - 1;
    },
    name(buffer, id, name) {
      Object.assign(trace.buffers[buffer] ?? {}, { id, name });
    },
    append(buffer, frame, text) {
      const b = trace.buffers[buffer];
      if (!b) return 0;
      const start = b.text.length;
      b.text += text;
      b.fragments.push([frame, start, b.text.length]);
      return start;
    },
    text: (buffer) => trace.buffers[buffer]?.text ?? '',
    parse(buffer, frame, start, input, emptyIsNoArgs = false) {
      let ok = emptyIsNoArgs && input === '';
      try {
        if (!ok) JSON.parse(input);
        ok = true;
      } catch {
        ok = false;
      }
      trace.attempts.push([frame, turn, buffer, start, start + input.length, ok]);
      return ok;
    },
    ready(key, id, name, args, frame) {
      trace.calls.push([turn, key, id, name, args, frame]);
    },
  };
}
