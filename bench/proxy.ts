// `npm run bench -- --proxy` (or `npx tsx bench/proxy.ts`): what the recording proxy adds to each read. Three
// processes on 127.0.0.1, as an instructor runs it: an upstream that streams Chat chunks (each carrying the wall-clock
// time it was written, performance.timeOrigin + now()), the real entry `record --proxy` recording them, and this
// client (fetch) reading each stream directly and through the proxy in turn. A read's latency is when the client got
// an event minus when the upstream wrote it; the proxy's added latency is the difference between the two paths
// (the clocks' offset, if any, cancels out). Prints the figures, and checks that the recording holds every turn.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

const ROOT = resolve(import.meta.dirname, '..');
const EVENTS = 200;
const GAP_MS = 5;
const ROUNDS = 6;
const wall = () => performance.timeOrigin + performance.now();

/** The upstream (run as its own process): every request gets EVENTS chunks, GAP_MS apart, each stamped when written. */
function serveUpstream(): void {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.flushHeaders();
      let i = 0;
      const start = performance.now();
      const next = () => {
        if (i === EVENTS) return void res.end('data: [DONE]\n\n');
        const chunk = { id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1, model: 'bench', choices: [{ index: 0, delta: { content: `tok${i} ` }, finish_reason: null }], sent: wall() };
        res.write(`data: ${JSON.stringify(chunk)}\n\n`);
        i++;
        setTimeout(next, Math.max(0, start + i * GAP_MS - performance.now()));
      };
      next();
    });
  });
  server.on('connection', (s) => s.setNoDelay(true));
  server.listen(0, '127.0.0.1', () => process.stdout.write(`port ${(server.address() as AddressInfo).port}\n`));
}

function child(args: string[], ready: RegExp): Promise<{ proc: ChildProcess; match: RegExpExecArray; output: () => string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  return new Promise((resolvePromise, reject) => {
    const look = (d: Buffer) => {
      text += d.toString('utf8');
      const m = ready.exec(text);
      if (m) resolvePromise({ proc, match: m, output: () => text });
    };
    proc.stdout?.on('data', look);
    proc.stderr?.on('data', look);
    proc.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}: ${text}`)));
  });
}

/** One stream read with fetch: the latency of each event (ms from the upstream's write to this read). */
async function readStream(url: string): Promise<number[]> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"model":"bench","stream":true}' });
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  const out: number[] = [];
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const at = wall();
    buffered += decoder.decode(value, { stream: true });
    let cut = buffered.indexOf('\n\n');
    while (cut !== -1) {
      const event = buffered.slice(0, cut);
      buffered = buffered.slice(cut + 2);
      const sent = /"sent":([\d.]+)/.exec(event)?.[1];
      if (sent) out.push(at - Number(sent));
      cut = buffered.indexOf('\n\n');
    }
  }
  return out;
}

const q = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? Number.NaN;
};
const r2 = (x: number) => Math.round(x * 100) / 100;

export interface ProxyFigures {
  reads: number;
  direct: { medianMs: number; p95Ms: number; p99Ms: number };
  proxied: { medianMs: number; p95Ms: number; p99Ms: number };
  addedMedianMs: number;
  addedP95Ms: number;
  turnsRecorded: number;
}

export async function benchProxy(log: (line: string) => void = console.log): Promise<ProxyFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'streamscope-bench-proxy-'));
  const out = join(dir, 'bench.jsonl');
  const upstream = await child(['bench/proxy.ts', '--serve-upstream'], /port (\d+)/);
  const base = `http://127.0.0.1:${upstream.match[1]}`;
  const proxy = await child(['src/cli/bin/record.ts', '--proxy', '0', '--upstream', base, '--wire', 'openai-chat', '--out', out], /listening on (http:\/\/127\.0\.0\.1:\d+)/);
  const via = proxy.match[1] ?? '';
  log(`Recording proxy: ${ROUNDS} streams each way of ${EVENTS} Chat chunks ${GAP_MS} ms apart, direct and through record --proxy in turn (three processes on 127.0.0.1; load average ${loadavg()[0]?.toFixed(1)})…`);
  const direct: number[] = [];
  const proxied: number[] = [];
  try {
    // one of each first, not counted: connections opened, code compiled
    await readStream(`${base}/v1/chat/completions`);
    await readStream(`${via}/v1/chat/completions`);
    for (let r = 0; r < ROUNDS; r++) {
      direct.push(...(await readStream(`${base}/v1/chat/completions`)));
      proxied.push(...(await readStream(`${via}/v1/chat/completions`)));
    }
  } finally {
    upstream.proc.kill();
  }
  const stopped = new Promise((r) => proxy.proc.once('exit', r));
  proxy.proc.kill('SIGINT');
  await stopped;
  const recorded = readFileSync(out, 'utf8');
  const turnsRecorded = (recorded.match(/"req",/g) ?? []).length;
  rmSync(dir, { recursive: true, force: true });
  const stats = (xs: number[]) => ({ medianMs: r2(q(xs, 0.5)), p95Ms: r2(q(xs, 0.95)), p99Ms: r2(q(xs, 0.99)) });
  const f: ProxyFigures = {
    reads: proxied.length,
    direct: stats(direct),
    proxied: stats(proxied),
    addedMedianMs: r2(q(proxied, 0.5) - q(direct, 0.5)),
    addedP95Ms: r2(q(proxied, 0.95) - q(direct, 0.95)),
    turnsRecorded,
  };
  log(`    direct:        median ${f.direct.medianMs} ms, p95 ${f.direct.p95Ms} ms, p99 ${f.direct.p99Ms} ms (${direct.length} reads)`);
  log(`    through proxy: median ${f.proxied.medianMs} ms, p95 ${f.proxied.p95Ms} ms, p99 ${f.proxied.p99Ms} ms (${proxied.length} reads)`);
  log(`    added per read: median ${f.addedMedianMs} ms, p95 ${f.addedP95Ms} ms; the recording holds ${turnsRecorded} turns (${ROUNDS + 1} sent)`);
  return f;
}

if (process.argv.includes('--serve-upstream')) serveUpstream();
else if (import.meta.filename === resolve(process.argv[1] ?? '')) void benchProxy();
