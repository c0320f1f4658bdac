// partial-json-preview: the buffers of per-call-buffer, plus a best-effort preview of each unfinished buffer after
// every fragment (as SDKs show live). The preview is for the eyes only: a call is still taken only at its end.
import { perCallBuffer } from './per-call-buffer';
import type { Out, RefTurn } from './trace';

export function partialJsonPreview(turn: RefTurn, out: Out): void {
  perCallBuffer(turn, out); // the preview is computed when shown; what runs is per-call-buffer
}

/** A preview: the buffer closed up as well as it can be (`{"path": "REA` reads as {path: "REA"}): never execute it. */
export function preview(buffer: string): unknown {
  const closers: string[] = [];
  let inString = false;
  for (let i = 0; i < buffer.length; i++) {
    const c = buffer[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') closers.push('}');
    else if (c === '[') closers.push(']');
    else if (c === '}' || c === ']') closers.pop();
  }
  try {
    return JSON.parse(buffer + (inString ? '"' : '') + closers.reverse().join(''));
  } catch {
    return undefined;
  }
}
