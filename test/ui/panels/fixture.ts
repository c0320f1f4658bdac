// A small hand-built Session for the panel tests: an Anthropic docs-style stream with one text block and two
// tool_use blocks whose first input_json_delta is '' (as in the documentation), and a strategy fold simple enough
// to read. It stands in for core's analyze() in these UI tests; the panels only read the Session through view.ts.
import {
  frameIndex,
  ms,
  STRATEGY_IDS,
  turnIndex,
  type BufferLog,
  type BufferTable,
  type CarriedCall,
  type Frame,
  type FrameKind,
  type Mutable,
  type ParseAttempt,
  type NaReason,
  type ReadyCall,
  type Session,
  type Signal,
  type StrategyId,
  type StrategyRun,
  type TurnVerdict,
} from '../../../src/core/types';
import { frameTableOf } from '../../../src/core/sse';
import { emptyTable } from '../../../src/core/chunk-table';
import { kindCodes, signalTableOf } from '../../../src/core/wire';
import { emptyAttempts, attemptTableOf, attemptRows } from '../../../src/core/strategies/attempts';
import { bufferTableOf, bufferText, NO_BUFFERS } from '../../../src/core/strategies/buffers';
import { fragmentTableOf, NO_FRAGMENTS, type Fragment } from '../../../src/core/strategies/fragments';

const T0 = turnIndex(0);

export interface Ev {
  event: string;
  data: unknown;
  signals: Signal[];
}

const delta = (index: number, partial: string): Ev => ({
  event: 'content_block_delta',
  data: { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: partial } },
  signals: [{ kind: 'args', key: String(index), text: partial }],
});

export const HOSTILE = '<img src=x onerror=alert(1)>';

/** The events of the stream; `hostile` puts an HTML payload in the text and in an argument. */
export function anthropicEvents(hostile = false): Ev[] {
  const text = hostile ? HOSTILE : 'Reading both files.';
  const path2 = hostile ? HOSTILE : 'package.json';
  return [
    { event: 'message_start', data: { type: 'message_start', message: { id: 'msg_1', content: [] } }, signals: [{ kind: 'ignored', why: 'message_start' }] },
    { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }, signals: [] },
    { event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }, signals: [{ kind: 'text', text }] },
    { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 }, signals: [] },
    { event: 'content_block_start', data: { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: {} } }, signals: [{ kind: 'call-start', key: '1', id: 'toolu_1', name: 'read_file' }] },
    delta(1, ''),
    delta(1, '{"path": "REA'),
    delta(1, 'DME.md"}'),
    { event: 'content_block_stop', data: { type: 'content_block_stop', index: 1 }, signals: [{ kind: 'call-end', key: '1' }] },
    { event: 'content_block_start', data: { type: 'content_block_start', index: 2, content_block: { type: 'tool_use', id: 'toolu_2', name: 'read_file', input: {} } }, signals: [{ kind: 'call-start', key: '2', id: 'toolu_2', name: 'read_file' }] },
    delta(2, ''),
    delta(2, `{"path": ${JSON.stringify(path2)}}`),
    { event: 'content_block_stop', data: { type: 'content_block_stop', index: 2 }, signals: [{ kind: 'call-end', key: '2' }] },
    { event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: 'tool_use' } }, signals: [{ kind: 'finish', reason: 'tool_use' }] },
    { event: 'message_stop', data: { type: 'message_stop' }, signals: [] },
  ];
}

const tryParse = (s: string): { ok: true; value: unknown } | { ok: false; error: string } => {
  try {
    return { ok: true, value: JSON.parse(s) as unknown };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
};

interface CallState {
  key: string;
  id: string;
  name: string;
  start: number;
}

/** The fold fills its runs in place; a buffer's fragments are listed in `lists` until the run's table is made. */
type Run = Mutable<Omit<StrategyRun, 'buffers'>> & { buffers: BufferTable };
type Buf = Mutable<BufferLog>;
const lists = new WeakMap<Buf, Fragment[]>();
const fragmentsOf = (b: Buf): Fragment[] => lists.get(b) ?? (lists.set(b, []).get(b) as Fragment[]);

function emptyRun(id: StrategyId, applicable: boolean, naReason?: NaReason): Run {
  return { id, applicable, ...(naReason ? { naReason } : {}), buffers: NO_BUFFERS, fragments: NO_FRAGMENTS, attempts: emptyAttempts(), calls: [], verdicts: [], verdict: applicable ? 'ok' : 'n/a' };
}

/** Folds the signals into the runs of parse-each-fragment, shared-buffer, per-call-buffer and partial-json-preview. */
function fold(signals: Signal[][], carried: CarriedCall[]): Record<StrategyId, StrategyRun> {
  const runs = Object.fromEntries(STRATEGY_IDS.map((id) => [id, emptyRun(id, true)])) as Record<StrategyId, Run>;
  runs['completed-item'] = emptyRun('completed-item', false, 'no-complete-items');
  runs['next-index-closes'] = emptyRun('next-index-closes', false, 'chat-only');
  const calls = new Map<string, CallState>();
  const perCall = new Map<string, Buf>();
  const eachFragment = new Map<string, Buf>();
  const shared: Buf = { id: 0, turn: T0, key: null, text: '' };
  // each run's buffers as rows while the fold appends to them; the run's table is made from them at the end
  const bufs = new Map<Run, Buf[]>();
  const bufsOf = (run: Run): Buf[] => bufs.get(run) ?? (bufs.set(run, []).get(run) as Buf[]);
  const append = (b: Buf, f: number, text: string) => {
    fragmentsOf(b).push({ frame: frameIndex(f), start: b.text.length, end: b.text.length + text.length });
    b.text += text;
  };
  const rows = new Map<Run, ParseAttempt[]>();
  const attempt = (run: Run, b: Buf, f: number, start: number, end: number): ReturnType<typeof tryParse> => {
    const r = tryParse(b.text.slice(start, end));
    const a: ParseAttempt = { frame: frameIndex(f), turn: T0, key: b.key, bufferId: b.id, start, end, ok: r.ok, ...(r.ok ? {} : { error: r.error }) };
    rows.set(run, [...(rows.get(run) ?? []), a]);
    return r;
  };
  const ready = (run: Run, c: CallState, argsText: string, args: unknown, f: number) => {
    const call: ReadyCall = { turn: T0, key: c.key, id: c.id, name: c.name, argsText, args, readyFrame: frameIndex(f) };
    run.calls.push(call);
  };
  signals.forEach((list, f) => {
    for (const s of list) {
      if (s.kind === 'call-start') {
        const c = { key: s.key, id: s.id ?? '', name: s.name ?? '', start: f };
        calls.set(s.key, c);
        for (const [map, run] of [[perCall, 'per-call-buffer'], [eachFragment, 'parse-each-fragment']] as const) {
          const b: Buf = { id: bufsOf(runs[run]).length, turn: T0, key: s.key, callId: c.id, name: c.name, text: '' };
          map.set(s.key, b);
          bufsOf(runs[run]).push(b);
        }
      } else if (s.kind === 'args') {
        const pb = perCall.get(s.key);
        if (pb) append(pb, f, s.text);
        append(shared, f, s.text);
        const eb = eachFragment.get(s.key);
        const c = calls.get(s.key);
        if (eb && c) {
          append(eb, f, s.text);
          const frag = fragmentsOf(eb).at(-1);
          const done = runs['parse-each-fragment'].calls.some((x) => x.key === s.key);
          if (frag && !done) {
            const r = attempt(runs['parse-each-fragment'], eb, f, frag.start, frag.end);
            if (r.ok) ready(runs['parse-each-fragment'], c, s.text, r.value, f);
          }
        }
      } else if (s.kind === 'call-end') {
        const pb = perCall.get(s.key);
        const c = calls.get(s.key);
        if (pb && c) {
          const r = attempt(runs['per-call-buffer'], pb, f, 0, pb.text.length);
          if (r.ok) ready(runs['per-call-buffer'], c, pb.text, r.value, f);
        }
      }
    }
  });
  shared.id = 0;
  bufsOf(runs['shared-buffer']).push(shared);
  attempt(runs['shared-buffer'], shared, signals.length - 1, 0, shared.text.length);
  for (const [run, list] of rows) run.attempts = attemptTableOf(list);
  for (const run of Object.values(runs)) {
    const list = bufs.get(run) ?? [];
    run.buffers = bufferTableOf(list);
    run.fragments = fragmentTableOf(list.map((b) => fragmentsOf(b)));
  }
  runs['partial-json-preview'] = { ...runs['per-call-buffer'], id: 'partial-json-preview' };
  for (const id of ['parse-each-fragment', 'shared-buffer', 'per-call-buffer', 'partial-json-preview'] as const) {
    const run = runs[id];
    const firstFail = attemptRows(run).find((a) => !a.ok);
    const missing = carried.find((c) => !run.calls.some((x) => x.key === c.key));
    let v: TurnVerdict = { turn: T0, verdict: 'ok' };
    if (firstFail) {
      const input = bufferText(run.buffers, firstFail.bufferId).slice(firstFail.start, firstFail.end);
      v = { turn: T0, verdict: 'fail', reason: 'parse-failed', frame: firstFail.frame, input, ...(firstFail.error ? { error: firstFail.error } : {}) };
    } else if (missing) v = { turn: T0, verdict: 'fail', reason: 'missing-call', key: missing.key };
    run.verdicts = [v];
    run.verdict = v.verdict;
  }
  return runs;
}

export interface BuildOptions {
  /** Chunks carrying each frame: default one chunk per frame. */
  chunks?: [number, number][];
  final?: unknown;
  notes?: string;
}

export function buildSession(events: Ev[], options: BuildOptions = {}): Session {
  let text = '';
  let bytes = 0;
  const encoder = new TextEncoder();
  const frames: Frame[] = events.map((ev, i) => {
    const data = JSON.stringify(ev.data);
    const raw = `event: ${ev.event}\ndata: ${data}\n\n`;
    const frame: Frame = {
      index: frameIndex(i),
      turn: T0,
      time: ms(100 + i * 10.5),
      event: ev.event,
      data,
      chunks: options.chunks?.[i] ?? [i, i],
      charStart: text.length,
      charEnd: text.length + raw.length,
      byteStart: bytes,
      byteEnd: bytes + encoder.encode(raw).length,
    };
    text += raw;
    bytes = frame.byteEnd;
    return frame;
  });
  const signals = events.map((e) => e.signals);
  const kinds: FrameKind[] = signals.map((list) =>
    list.some((s) => s.kind === 'args' || s.kind === 'call-start') ? 'args' : list.some((s) => s.kind === 'text') ? 'text' : 'other',
  );
  const carried: Mutable<CarriedCall>[] = [];
  signals.forEach((list, f) => {
    for (const s of list) {
      if (s.kind === 'call-start') carried.push({ turn: T0, key: s.key, id: s.id ?? '', name: s.name ?? '', argsText: '', startFrame: frameIndex(f), valid: true });
      const c = carried.find((x) => 'key' in s && x.key === s.key);
      if (s.kind === 'args' && c) c.argsText += s.text;
      if (s.kind === 'call-end' && c) c.endFrame = frameIndex(f);
    }
  });
  const last = frames[frames.length - 1];
  return {
    recording: {
      header: { streamscope: 1, wire: 'anthropic-messages', provenance: { kind: 'docs', ...(options.notes ? { notes: options.notes } : {}) } },
      format: 'jsonl',
      timed: true,
      turns: [
        {
          index: T0,
          requestAt: ms(0),
          chunks: emptyTable(),
          ...(last ? { end: { time: last.time, status: 'complete' as const } } : {}),
          ...(options.final !== undefined ? { final: { time: ms(999), message: options.final } } : {}),
        },
      ],
      tools: [],
      marks: [],
      issues: [],
    },
    wire: 'anthropic-messages',
    wireSource: 'header',
    frames: frameTableOf(frames, [text]),
    decoded: [{ turn: T0, invalidUtf8At: [] }],
    signals: signalTableOf(signals),
    kinds: kindCodes(kinds),
    carried,
    strategies: fold(signals, carried),
    timings: [],
    anomalies: [],
  };
}

/** The recorded final message matching anthropicEvents(false). */
export function anthropicFinal(): unknown {
  return {
    id: 'msg_1',
    role: 'assistant',
    content: [
      { type: 'text', text: 'Reading both files.' },
      { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'README.md' } },
      { type: 'tool_use', id: 'toolu_2', name: 'read_file', input: { path: 'package.json' } },
    ],
  };
}
