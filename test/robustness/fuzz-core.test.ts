// Bounded fuzzing of the core: random bytes, random text in each accepted format's clothing, and random mutations of
// valid streams in all four wires (byte flips, truncation, blank lines, duplicated events, CR/LF swaps, stray
// bytes), read as raw SSE and as v1 recordings. Every case: load/analyzeText never throws, finishes under a bound,
// and gives either a one-line refusal naming where, or a Session whose six strategy runs all exist with a verdict
// of ok / fail / n/a and whose anomalies and issues carry known codes.
// The seed is fixed so CI is reproducible; FUZZ_SEED=<n> (or FUZZ_SEED=random) explores further.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inspectJsonText } from '../../src/cli/inspect-json';
import { inspectSummary } from '../../src/cli/inspect-summary';
import { load } from '../../src/core/load';
import { analyzeText } from '../../src/core/session/analyze';
import { analyze } from '../../src/core/session/session';
import type { WireId } from '../../src/core/types';
import { english } from '../../src/core/load/english';
import {
  applyMutations,
  cutAt,
  expectClearFailure,
  expectSaneOutcome,
  expectSaneSession,
  jsonlOf,
  timed,
  utf8,
  validBody,
  WIRES,
  type Mutation,
} from './support';

const SEED = process.env.FUZZ_SEED === 'random' ? Date.now() : Number(process.env.FUZZ_SEED ?? 20260817);
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
/** Per case: inputs are at most a few KB, so anything near this is a performance bug, not a slow machine. */
const CASE_MS = 1_000;
const NAMES = ['rec.jsonl', 'body.sse', 'capture.har', 'payloads.ndjson', 'noext', 'x.json', 'x.txt'];

let slowest = { ms: 0, what: '' };
/** Returns the outcome, checked. */
function checkedAnalyze(input: string | Uint8Array, name: string): ReturnType<typeof analyzeText> {
  let r: ReturnType<typeof analyzeText> | undefined;
  const t = timed(() => {
    expect(() => {
      r = analyzeText(input, name);
    }).not.toThrow();
  });
  if (t.ms > slowest.ms) slowest = { ms: t.ms, what: name };
  expect(t.ms, `analyzeText(${name}) took ${t.ms.toFixed(0)} ms of CPU`).toBeLessThan(CASE_MS);
  expectSaneOutcome(r as NonNullable<typeof r>);
  // what `npm run inspect` prints after analyze: neither report may throw either (the CLI would say "internal error")
  const done = r as NonNullable<typeof r>;
  if (done.ok) {
    expect(() => JSON.parse(inspectJsonText(done.session))).not.toThrow();
    expect(() => inspectSummary(done.session, name)).not.toThrow();
  }
  return done;
}

const params = { seed: SEED, numRuns: RUNS };

describe('random input', () => {
  it('random bytes (up to 4 KB) under every file name', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4096 }), fc.constantFrom(...NAMES), (bytes, name) => void checkedAnalyze(bytes, name)),
      params,
    );
  });

  it('random bytes behind a prefix that picks each reader (SSE, v1 header, HAR, NDJSON)', () => {
    const prefixes = ['data: ', 'event: x\ndata: {', '{"streamscope":1}\n', '{"streamscope":1,"wire":"gemini"}\n[0,"req",{}]\n', '{"log":{"entries":[', '{"type":"message_start"}\n', ': comment\n'];
    fc.assert(
      fc.property(fc.constantFrom(...prefixes), fc.uint8Array({ maxLength: 2048 }), fc.constantFrom(...NAMES), (prefix, tail, name) => {
        const p = utf8(prefix);
        const bytes = new Uint8Array(p.length + tail.length);
        bytes.set(p, 0);
        bytes.set(tail, p.length);
        checkedAnalyze(bytes, name);
      }),
      params,
    );
  });

  it('random v1 event lines: any JSON values, wrong shapes, bad times, unknown codes, bad base64', () => {
    const time = fc.oneof(fc.double(), fc.integer(), fc.constant('12'), fc.constant(null));
    const code = fc.constantFrom('req', 'chunk', 'bytes', 'end', 'final', 'tool', 'mark', 'zzz', '');
    const line = fc.oneof(
      fc.tuple(time, code, fc.jsonValue({ maxDepth: 3 })).map((e) => JSON.stringify(e)),
      fc.tuple(time, fc.constant('chunk'), fc.string({ unit: 'binary', maxLength: 80 })).map((e) => JSON.stringify(e)),
      fc.tuple(time, fc.constant('bytes'), fc.base64String({ maxLength: 40 })).map((e) => JSON.stringify(e)),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc.string({ unit: 'binary', maxLength: 60 }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.constantFrom<WireId | undefined>(undefined, ...WIRES), (lines, wire) => {
        const header = JSON.stringify({ streamscope: 1, ...(wire && { wire }) });
        checkedAnalyze([header, ...lines].join('\n'), 'fuzz.jsonl');
      }),
      params,
    );
  });

  it('random SSE data payloads: JSON fragments of each wire in random order and shape', () => {
    const field = fc.constantFrom('data: ', 'event: ', 'id: ', 'retry: ', ': ', 'data:', 'event:message_stop\ndata: ');
    const payload = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
      fc.constantFrom('[DONE]', '{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0}]}}]}', '{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{"}}', '{"candidates":[{"content":{"parts":[{"functionCall":{"name":"f","args":null}}]}}]}', '{"type":"response.function_call_arguments.done","output_index":0}'),
      fc.string({ maxLength: 40 }),
    );
    const event = fc.tuple(field, payload, fc.constantFrom('\n\n', '\r\n\r\n', '\r\r', '\n', '')).map(([f, p, end]) => f + p + end);
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => void checkedAnalyze(events.join(''), 'fuzz.sse')),
      params,
    );
  });
});

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('blank-lines' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), count: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('duplicate-event' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({
    kind: fc.constant('crlf' as const),
    mode: fc.constantFrom('all-crlf' as const, 'all-cr' as const, 'one-crlf' as const, 'one-lf' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
  }),
  fc.record({ kind: fc.constant('insert-bytes' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }) }),
);

describe.each(WIRES)('mutations of a valid %s stream', (wire) => {
  const body = utf8(validBody(wire));

  it('the unmutated stream is read cleanly (the starting point is valid)', () => {
    const r = analyzeText(body, 'valid.sse');
    if (!r.ok) expect.fail(english(r.error));
    expectSaneSession(r.session);
    expect(r.session.wire).toBe(wire);
    expect(r.session.anomalies).toEqual([]);
    expect(r.session.strategies['per-call-buffer'].verdict).toBe('ok');
    expect(r.session.carried.map((c) => c.id)).toEqual(['call_a', 'call_b']);
  });

  it('as raw SSE text: flips, truncation, blank lines, duplicated events, CR/LF swaps, stray bytes', () => {
    let noticed = 0;
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 6 }), (ms) => {
        const r = checkedAnalyze(applyMutations(body, ms), 'mutated.sse');
        if (r.ok && (r.session.anomalies.length > 0 || r.session.strategies['per-call-buffer'].verdict !== 'ok')) noticed++;
      }),
      params,
    );
    // the mutations bite: a good share of them are noticed (an anomaly or a failing verdict)
    expect(noticed).toBeGreaterThan(RUNS / 10);
  });

  it('inside a v1 recording, cut into random chunks, wire named or detected', () => {
    const text = new TextDecoder().decode(body);
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: text.length }), { maxLength: 12 }),
        fc.boolean(),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        (cuts, named, ms) => {
          // mutate the body's text before wrapping (so the JSONL stays readable) or the recording's bytes
          const mutatedBody = new TextDecoder().decode(applyMutations(body, ms.slice(0, 2)));
          const file = utf8(jsonlOf(cutAt(mutatedBody, cuts), named ? wire : undefined));
          checkedAnalyze(ms.length > 2 ? applyMutations(file, ms.slice(2)) : file, 'mutated.jsonl');
        },
      ),
      params,
    );
  });
});

describe('load alone', () => {
  it('refusals always name a line (and byte) or the file', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), fc.constantFrom(...NAMES), (bytes, name) => {
        let r: ReturnType<typeof load> | undefined;
        expect(() => {
          r = load(bytes, name);
        }).not.toThrow();
        const result = r as NonNullable<typeof r>;
        if (!result.ok) expectClearFailure(result.error);
        else expectSaneSession(analyze(result.recording));
      }),
      params,
    );
  });

  it('reports the slowest fuzz case', () => {
    // runs last in this file: the figure for the report
    console.log(`fuzz-core: seed ${SEED}, slowest case ${slowest.ms.toFixed(1)} ms of CPU (${slowest.what})`);
    expect(slowest.ms).toBeLessThan(CASE_MS);
  });
});
