// Shared by the recording proxy's tests: a proxy started in-process on a free port, a fetch that keeps a copy of
// every response body the client reads (to compare bytes), polling on a condition, and the recording read back
// with the real core.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { afterAll } from 'vitest';
import { performance } from 'node:perf_hooks';
import { load } from '../../src/core/load';
import { analyze } from '../../src/core/session/session';
import type { Recording, Session, WireId } from '../../src/core/types';
import type { ProxyOptions } from '../../src/cli/proxy-args';
import { startProxy, type ProxyIo, type RunningProxy } from '../../src/cli/proxy-server';

export const KEY = 'sk-proxy-test-0123456789abcdef';

/** The folders `tempOut` made for the test file that imports this module, removed when its tests are done. */
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export const tempOut = (name = 'run.jsonl'): string => {
  const dir = mkdtempSync(join(tmpdir(), 'streamscope-proxy-'));
  made.push(dir);
  return join(dir, name);
};

/** Polls until the condition holds, for at most `ms` (never a fixed sleep standing in for a condition). */
export async function until(condition: () => boolean, what = 'condition', ms = 10_000): Promise<void> {
  const give = performance.now() + ms;
  while (!condition()) {
    if (performance.now() > give) throw new Error(`gave up waiting for ${what} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const ROOT = resolve(import.meta.dirname, '../..');

export interface ProxyProcess {
  url: string;
  out: string;
  stderr(): string;
  /** Ctrl-C (SIGINT), then the exit code and what it printed. */
  stop(): Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/** The real entry, `npm run record -- --proxy 0 ...`, in its own process (tsx), as an instructor runs it. */
export async function proxyProcess(upstream: string, wire: WireId, extra: string[] = [], out = tempOut()): Promise<ProxyProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/bin/record.ts', '--proxy', '0', '--upstream', upstream, '--wire', wire, '--out', out, ...extra], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let exit: number | null | undefined;
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r((exit = code))));
  await until(() => /listening on http:\/\/127\.0\.0\.1:\d+/.test(stderr) || exit !== undefined, 'the proxy to listen', 30_000);
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr)?.[1];
  if (!url) throw new Error(`the proxy did not start: ${stderr}`);
  return {
    url,
    out,
    stderr: () => stderr,
    stop: async () => {
      child.kill('SIGINT');
      const code = await exited;
      return { code, stdout, stderr };
    },
  };
}

export interface Started {
  proxy: RunningProxy;
  out: string;
  logs: string[];
}

export async function proxyFor(upstream: string, wire: WireId, more: Partial<ProxyOptions> = {}, io: Partial<ProxyIo> = {}): Promise<Started> {
  const out = more.out ?? tempOut();
  const logs: string[] = [];
  const started = await startProxy(
    { port: 0, listen: '127.0.0.1', upstream: new URL(upstream), wire, out, timeoutMs: 10_000, maxBodyBytes: 1024 * 1024, redact: [], force: false, ...more },
    { log: (l) => logs.push(l), ...io },
  );
  if (!started.ok) throw new Error(started.message);
  return { proxy: started.proxy, out, logs };
}

/**
 * A fetch for the SDKs that hands the body on unchanged and keeps, per response, a copy of every byte read with the
 * time each piece reached the client (performance.now()), and when the request was handed to fetch.
 */
export interface Teed {
  bytes: Uint8Array;
  /** Each piece the client read: its end offset in `bytes` and when it arrived. */
  pieces: { end: number; at: number }[];
  /** When the client learned the response had ended (its reader's done), which is after the last piece. */
  doneAt: number;
}

export function teeFetch(): { fetch: typeof fetch; bodies: Promise<Teed>[]; sentAt: number[] } {
  const bodies: Promise<Teed>[] = [];
  const sentAt: number[] = [];
  const wrapped: typeof fetch = async (input, init) => {
    sentAt.push(performance.now());
    const res = await fetch(input, init);
    if (!res.body) return res;
    const [a, b] = res.body.tee();
    bodies.push(
      (async () => {
        const parts: Uint8Array[] = [];
        const pieces: Teed['pieces'] = [];
        let end = 0;
        let doneAt = Number.NaN;
        const reader = b.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            doneAt = performance.now();
            break;
          }
          end += value.length;
          parts.push(value);
          pieces.push({ end, at: performance.now() });
        }
        return { bytes: concat(parts), pieces, doneAt };
      })(),
    );
    return new Response(a, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
  return { fetch: wrapped, bodies, sentAt };
}

/** When the client had the byte at `offset - 1` (the piece that brought it). */
export const receivedAt = (t: Teed, offset: number): number => t.pieces.find((p) => p.end >= offset)?.at ?? Number.NaN;

export const concat = (parts: readonly Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};

export function readRecording(file: string): { text: string; rec: Recording; session: Session; lines: unknown[] } {
  const text = readFileSync(file, 'utf8');
  const loaded = load(text, file);
  if (!loaded.ok) throw new Error(loaded.error.message);
  return { text, rec: loaded.recording, session: analyze(loaded.recording), lines: text.trim().split('\n').map((l) => JSON.parse(l) as unknown) };
}

/** Turn k's received bytes and each read's time from its request, from the recording. */
export function turnReads(rec: Recording, k: number): { bytes: Uint8Array; times: number[] } {
  const t = rec.turns[k];
  if (!t) throw new Error(`no turn ${k}`);
  const times = [...t.chunks.times].map((x) => x - t.requestAt);
  return { bytes: t.chunks.bytes.slice(0, t.chunks.ends[t.chunks.ends.length - 1] ?? 0), times };
}

export const events = (lines: unknown[], code: string): [number, string, Record<string, unknown>][] =>
  lines.filter((l): l is [number, string, Record<string, unknown>] => Array.isArray(l) && l[1] === code);

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
