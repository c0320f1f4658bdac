/**
 * A fake model server for the recording proxy's tests (127.0.0.1, port 0), one per test file: it speaks the four
 * wires on their usual paths and runs a scripted 3-turn tool loop, plus scenarios for the faults.
 *
 * Tool loop: the turn is the number of tool results the request carries (0, 1, 2). Turns 0 and 1 ask for one
 * `read_file` call (id `call_0` / `toolu_0` / `fc_call_0`...; Gemini has no id), turn 2 answers in text. Each response
 * is a list of writes, write i sent SCHEDULE[i] ms after the request arrived (timers aimed at absolute times, so a
 * late one does not delay the rest), each its own read at the proxy. What was sent is kept per request (`sent`):
 * the bytes and the time of each write, on the same performance.now() clock as the proxy (one process).
 * Scenarios (`/scenario/NAME`): `letters?c=x&n=N&gap=MS` (N reads of "x"), `held?c=x` (one read of "x", then
 * nothing until the test calls `release('x')`, then a second read and the end), `echo` (the request headers and body
 * echoed back in 7-byte reads), `stall` (one read, then nothing), `silent` (no response at all), `redirect?to=URL`
 * (307), `gzip` (an SSE body gzip-compressed, in three reads), `error` (401 with a JSON body).
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { AnthropicEvents, ChatChunks, dataEvent, ResponsesEvents } from '../../scripts/recordings/lib/wire';

export const SCHEDULE = [40, 80, 120, 160, 200];
const enc = new TextEncoder();

export interface Sent {
  path: string;
  /** The path with its query. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  arrivedAt: number;
  writes: { at: number; bytes: Uint8Array }[];
  /** The response was ended by us. */
  finished: boolean;
  /** The connection closed before we ended the response (the proxy cancelled it). */
  cancelled: boolean;
}

export interface Fake {
  url: string;
  sent: Sent[];
  /** Lets a `held?c=KEY` response go on to its end. */
  release(key: string): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);

/** The tool loop's turn: how many tool results the request body carries. */
function turnOf(path: string, body: Json): number {
  if (path.endsWith('/chat/completions')) return list(body.messages).filter((m) => m.role === 'tool').length;
  if (path.endsWith('/messages')) return list(body.messages).flatMap((m) => list(m.content)).filter((b) => b.type === 'tool_result').length;
  if (path.endsWith('/responses')) return list(body.input).filter((i) => i.type === 'function_call_output').length;
  return list(body.contents).flatMap((c) => list(c.parts)).filter((p) => p.functionResponse !== undefined).length;
}

/** The writes of one tool-loop turn (one entry per write, SCHEDULE.length at most). */
export function loopWrites(path: string, turn: number): string[] {
  const call = turn < 2;
  const file = `"f${turn}.txt"}`;
  if (path.endsWith('/chat/completions')) {
    const c = new ChatChunks({ id: `chatcmpl-${turn}`, created: 1, model: 'fake-model', roleOnEveryDelta: false });
    if (call) return [c.callStart(0, `call_${turn}`, 'read_file'), c.callArgs(0, '{"path": '), c.callArgs(0, file), c.finish('tool_calls', undefined), c.done()];
    return [c.text('All'), c.text(' done'), c.text('.'), c.finish('stop', undefined), c.done()];
  }
  if (path.endsWith('/messages')) {
    const a = new AnthropicEvents(`msg_${turn}`, 'fake-model');
    if (call) return [a.messageStart(10) + a.toolStart(0, `toolu_${turn}`, 'read_file'), a.jsonDelta(0, '{"path": '), a.jsonDelta(0, file), a.blockStop(0) + a.messageDelta('tool_use', 12), a.messageStop()];
    return [a.messageStart(10) + a.textStart(0), a.textDelta(0, 'All'), a.textDelta(0, ' done.'), a.blockStop(0) + a.messageDelta('end_turn', 3), a.messageStop()];
  }
  if (path.endsWith('/responses')) {
    const r = new ResponsesEvents();
    const response = (status: string, output: unknown[]) => ({ id: `resp_${turn}`, object: 'response', created_at: 1, model: 'fake-model', status, output, usage: null });
    if (call) {
      const item = { type: 'function_call', id: `fc_${turn}`, call_id: `call_${turn}`, name: 'read_file', arguments: '', status: 'in_progress' };
      const args = `{"path": ${file}`;
      const doneItem = { ...item, arguments: args, status: 'completed' };
      return [
        r.event('response.created', { response: response('in_progress', []) }) + r.event('response.output_item.added', { output_index: 0, item }),
        r.event('response.function_call_arguments.delta', { item_id: `fc_${turn}`, output_index: 0, delta: '{"path": ' }),
        r.event('response.function_call_arguments.delta', { item_id: `fc_${turn}`, output_index: 0, delta: file }),
        r.event('response.function_call_arguments.done', { item_id: `fc_${turn}`, output_index: 0, arguments: args }) + r.event('response.output_item.done', { output_index: 0, item: doneItem }),
        r.event('response.completed', { response: response('completed', [doneItem]) }),
      ];
    }
    const msg = { type: 'message', id: `msg_${turn}`, status: 'in_progress', role: 'assistant', content: [] as unknown[] };
    const part = { type: 'output_text', text: '', annotations: [] };
    const doneMsg = { ...msg, status: 'completed', content: [{ ...part, text: 'All done.' }] };
    const at = { item_id: `msg_${turn}`, output_index: 0, content_index: 0 };
    return [
      r.event('response.created', { response: response('in_progress', []) }) + r.event('response.output_item.added', { output_index: 0, item: msg }) + r.event('response.content_part.added', { ...at, part }),
      r.event('response.output_text.delta', { ...at, delta: 'All' }),
      r.event('response.output_text.delta', { ...at, delta: ' done.' }),
      r.event('response.output_text.done', { ...at, text: 'All done.' }) + r.event('response.content_part.done', { ...at, part: { ...part, text: 'All done.' } }) + r.event('response.output_item.done', { output_index: 0, item: doneMsg }),
      r.event('response.completed', { response: response('completed', [doneMsg]) }),
    ];
  }
  // Gemini: a whole functionCall part (no id), then finishReason
  const chunk = (parts: unknown[], finish?: string) => dataEvent(JSON.stringify({ candidates: [{ content: { role: 'model', parts }, index: 0, ...(finish ? { finishReason: finish } : {}) }] }));
  if (call) return [chunk([{ text: '' }]), chunk([{ functionCall: { name: 'read_file', args: { path: `f${turn}.txt` } } }]), chunk([], 'STOP')];
  return [chunk([{ text: 'All' }]), chunk([{ text: ' done.' }]), chunk([], 'STOP')];
}

const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - performance.now())));

async function writeScheduled(res: ServerResponse, s: Sent, parts: (string | Uint8Array)[], schedule: readonly number[]): Promise<void> {
  for (let i = 0; i < parts.length; i++) {
    await sleepUntil(s.arrivedAt + (schedule[i] ?? schedule[schedule.length - 1] ?? 0));
    if (s.cancelled) return;
    const p = parts[i] ?? '';
    const bytes = typeof p === 'string' ? enc.encode(p) : p;
    s.writes.push({ at: performance.now(), bytes });
    res.write(bytes);
  }
  s.finished = true;
  res.end();
}

export async function startFake(): Promise<Fake> {
  const sent: Sent[] = [];
  const gates = new Map<string, () => void>();
  const gate = (key: string) => new Promise<void>((r) => gates.set(key, r));
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const s: Sent = { path: url.pathname, url: url.pathname + url.search, headers: req.headers, body, arrivedAt: performance.now(), writes: [], finished: false, cancelled: false };
      sent.push(s);
      res.on('close', () => {
        if (!s.finished) s.cancelled = true;
      });
      const sse = () => {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.flushHeaders();
      };
      if (url.pathname === '/scenario/held') {
        const c = url.searchParams.get('c') ?? 'x';
        const released = gate(c);
        sse();
        const write = (i: number) => {
          const bytes = enc.encode(`data: {"letter":"${c}","i":${i}}\n\n`);
          s.writes.push({ at: performance.now(), bytes });
          res.write(bytes);
        };
        write(0);
        void released.then(() => {
          write(1);
          s.finished = true;
          res.end();
        });
        return;
      }
      if (url.pathname.startsWith('/scenario/')) return void scenario(url, s, res, sse);
      const json = JSON.parse(body || '{}') as Json;
      const writes = loopWrites(url.pathname, turnOf(url.pathname, json));
      if (json.stream === false) {
        // a non-streaming Chat answer: the same turn as one JSON body
        const turn = turnOf(url.pathname, json);
        const message = turn < 2 ? { role: 'assistant', content: null, tool_calls: [{ id: `call_${turn}`, type: 'function', function: { name: 'read_file', arguments: `{"path": "f${turn}.txt"}` } }] } : { role: 'assistant', content: 'All done.' };
        res.writeHead(200, { 'content-type': 'application/json' });
        return void writeScheduled(res, s, [JSON.stringify({ id: `chatcmpl-${turn}`, object: 'chat.completion', created: 1, model: 'fake-model', choices: [{ index: 0, message, finish_reason: turn < 2 ? 'tool_calls' : 'stop' }] })], [SCHEDULE[0] ?? 0]);
      }
      sse();
      void writeScheduled(res, s, writes, SCHEDULE);
    });
  });
  server.on('connection', (c) => c.setNoDelay(true));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    release: (key) => gates.get(key)?.(),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

function scenario(url: URL, s: Sent, res: ServerResponse, sse: () => void): void {
  const name = url.pathname.slice('/scenario/'.length);
  if (name === 'letters') {
    const c = url.searchParams.get('c') ?? 'x';
    const n = Number(url.searchParams.get('n') ?? 4);
    const gap = Number(url.searchParams.get('gap') ?? 30);
    sse();
    const parts = Array.from({ length: n }, (_, i) => `data: {"letter":"${c}","i":${i}}\n\n`);
    void writeScheduled(res, s, parts, parts.map((_, i) => gap * (i + 1)));
  } else if (name === 'echo') {
    sse();
    const text = enc.encode(`data: ${JSON.stringify({ headers: s.headers, body: s.body })}\n\ndata: [DONE]\n\n`);
    const parts: Uint8Array[] = [];
    for (let i = 0; i < text.length; i += 7) parts.push(text.slice(i, i + 7));
    void writeScheduled(res, s, parts, parts.map((_, i) => 1 + i * 0.2));
  } else if (name === 'stall') {
    sse();
    setTimeout(() => {
      const bytes = enc.encode('data: {"first":true}\n\n');
      s.writes.push({ at: performance.now(), bytes });
      res.write(bytes); // and nothing more, never the end
    }, 10);
  } else if (name === 'silent') {
    // no status, no headers, nothing
  } else if (name === 'redirect') {
    s.finished = true;
    res.writeHead(307, { location: url.searchParams.get('to') ?? '/' });
    res.end();
  } else if (name === 'gzip') {
    const zipped = gzipSync(enc.encode('data: {"zipped":1}\n\ndata: {"zipped":2}\n\ndata: [DONE]\n\n'));
    res.writeHead(200, { 'content-type': 'text/event-stream', 'content-encoding': 'gzip' });
    res.flushHeaders();
    const third = Math.floor(zipped.length / 3);
    void writeScheduled(res, s, [zipped.slice(0, third), zipped.slice(third, 2 * third), zipped.slice(2 * third)], [20, 40, 60]);
  } else if (name === 'error') {
    s.finished = true;
    res.writeHead(401, 'Unauthorized', { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'Incorrect API key provided' } }));
  }
}
