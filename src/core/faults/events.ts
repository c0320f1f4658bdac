/**
 * Reading one SSE event block's fields and writing a block back with new data, for faults that rewrite events.
 *
 * Contract: pure, never throws. `readBlock` splits a block's text into lines (CRLF, LF or CR) and fields per WHATWG
 * (text before the first colon, value minus one leading space, `:` lines are comments). `withData` rebuilds the
 * block with every `data` line replaced by one `data:` line carrying the new data at the place of the first one,
 * every other line (event, id, retry, comments) kept as it was, in the block's own line ending.
 */
export interface BlockLine {
  /** null for a comment line. */
  field: string | null;
  value: string;
  raw: string;
}

export interface EventView {
  lines: BlockLine[];
  eol: string;
  /** The `event` field, if any. */
  event?: string;
  /** The data lines joined with LF; undefined when the block has none. */
  data?: string;
  /** The data parsed as JSON; undefined when it is not JSON. */
  json?: unknown;
}

export function readBlock(text: string): EventView {
  const eolMatch = /\r\n|\n|\r/.exec(text);
  const eol = eolMatch ? eolMatch[0] : '\n';
  const noBom = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const lines: BlockLine[] = [];
  let event: string | undefined;
  const data: string[] = [];
  for (const raw of noBom.split(/\r\n|\n|\r/)) {
    if (raw === '') continue;
    if (raw.startsWith(':')) {
      lines.push({ field: null, value: raw.slice(1), raw });
      continue;
    }
    const colon = raw.indexOf(':');
    const field = colon < 0 ? raw : raw.slice(0, colon);
    let value = colon < 0 ? '' : raw.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    lines.push({ field, value, raw });
    if (field === 'event') event = value;
    if (field === 'data') data.push(value);
  }
  const view: EventView = { lines, eol };
  if (event !== undefined) view.event = event;
  if (data.length > 0) {
    view.data = data.join('\n');
    try {
      view.json = JSON.parse(view.data) as unknown;
    } catch {
      // not JSON ([DONE], a malformed frame): left as it is by every fault
    }
  }
  return view;
}

/** The block's text with its data replaced by `data` (one line: JSON text never holds a raw line break). */
export function withData(view: EventView, data: string): string {
  const out: string[] = [];
  let placed = false;
  for (const line of view.lines) {
    if (line.field !== 'data') out.push(line.raw);
    else if (!placed) {
      out.push(`data: ${data}`);
      placed = true;
    }
  }
  if (!placed) out.push(`data: ${data}`);
  return out.join(view.eol) + view.eol + view.eol;
}

export type Obj = Record<string, unknown>;
export const asObj = (v: unknown): Obj | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : undefined;
