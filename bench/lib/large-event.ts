// One large event (issue 36), written to a file in pieces (never one string of the whole file): a Chat chunk whose
// `content` is N characters ('x'), then finish_reason and [DONE]; or one tool call whose `arguments` are
// `{"a": "yyy…"}` of N characters, then finish_reason tool_calls and [DONE]. Raw SSE, as a user opens it with
// "Open recording". Synthetic; written to a temporary folder by the bench and the tests, never committed.
import { closeSync, openSync, writeSync } from 'node:fs';

const PIECE = 4 * 1024 * 1024;

function writeRepeated(fd: number, ch: string, n: number): void {
  const piece = Buffer.from(ch.repeat(Math.min(n, PIECE)));
  let left = n;
  while (left > 0) {
    const take = Math.min(left, piece.length);
    writeSync(fd, piece, 0, take);
    left -= take;
  }
}

const ENVELOPE = '{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m",';
const chunk = (rest: string): string => `${ENVELOPE}${rest}}`;

/** A Chat chunk whose delta content is `chars` 'x' characters; returns the file's size in bytes. */
export function writeLargeContent(path: string, chars: number): number {
  const fd = openSync(path, 'w');
  try {
    const head = `data: ${ENVELOPE}"choices":[{"index":0,"delta":{"role":"assistant","content":"`;
    const tail = `"}}]}\n\ndata: ${chunk('"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]')}\n\ndata: [DONE]\n\n`;
    writeSync(fd, head);
    writeRepeated(fd, 'x', chars);
    writeSync(fd, tail);
    return Buffer.byteLength(head) + chars + Buffer.byteLength(tail);
  } finally {
    closeSync(fd);
  }
}

/** One Chat tool call whose arguments are `{"a": "yyy…"}` with `chars` 'y's; returns the file's size in bytes. */
export function writeLargeArguments(path: string, chars: number): number {
  const fd = openSync(path, 'w');
  try {
    const head = `data: ${ENVELOPE}"choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"write_file","arguments":"{\\"a\\": \\"`;
    const tail = `\\"}"}}]}}]}\n\ndata: ${chunk('"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]')}\n\ndata: [DONE]\n\n`;
    writeSync(fd, head);
    writeRepeated(fd, 'y', chars);
    writeSync(fd, tail);
    return Buffer.byteLength(head) + chars + Buffer.byteLength(tail);
  } finally {
    closeSync(fd);
  }
}
