// The JSON Schema in docs/ is valid JSON, declares draft 2020-12, and agrees with the loader on sample lines.
// A tiny checker for the keywords the schema uses (no dependency): type, const, enum, required, properties,
// prefixItems, minItems, minimum, pattern, oneOf, not, $ref, additionalProperties.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { load } from '../../../src/core/load';

type Schema = boolean | Record<string, unknown>;
const schema = JSON.parse(readFileSync(new URL('../../../docs/recording-format.schema.json', import.meta.url), 'utf8')) as Record<string, unknown>;

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function valid(s: Schema, v: unknown): boolean {
  if (s === true) return true;
  if (s === false) return false;
  if (typeof s.$ref === 'string') {
    const target = s.$ref.replace('#/', '').split('/').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], schema);
    if (!valid(target as Schema, v)) return false;
  }
  const t = typeOf(v);
  if (typeof s.type === 'string' && !(s.type === t || (s.type === 'number' && t === 'integer'))) return false;
  if ('const' in s && JSON.stringify(s.const) !== JSON.stringify(v)) return false;
  if (Array.isArray(s.enum) && !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(v))) return false;
  if (typeof s.minimum === 'number' && typeof v === 'number' && v < s.minimum) return false;
  if (typeof s.pattern === 'string' && typeof v === 'string' && !new RegExp(s.pattern, 'u').test(v)) return false;
  if (t === 'object') {
    const o = v as Record<string, unknown>;
    if (Array.isArray(s.required) && !s.required.every((k) => typeof k === 'string' && k in o)) return false;
    const props = (s.properties ?? {}) as Record<string, Schema>;
    for (const [k, sub] of Object.entries(props)) if (k in o && !valid(sub, o[k])) return false;
    if (s.additionalProperties !== undefined && s.additionalProperties !== true) {
      for (const k of Object.keys(o)) if (!(k in props) && !valid(s.additionalProperties as Schema, o[k])) return false;
    }
  }
  if (t === 'array') {
    const a = v as unknown[];
    if (typeof s.minItems === 'number' && a.length < s.minItems) return false;
    if (Array.isArray(s.prefixItems)) {
      for (let i = 0; i < s.prefixItems.length && i < a.length; i++) if (!valid(s.prefixItems[i] as Schema, a[i])) return false;
    }
  }
  if (Array.isArray(s.oneOf) && s.oneOf.filter((sub) => valid(sub as Schema, v)).length !== 1) return false;
  if (s.not !== undefined && valid(s.not as Schema, v)) return false;
  return true;
}

const header = (v: unknown) => valid({ $ref: '#/$defs/header' }, v);
const event = (v: unknown) => valid({ $ref: '#/$defs/event' }, v);

describe('docs/recording-format.schema.json', () => {
  it('is draft 2020-12 and defines a header and an event', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    const defs = schema.$defs as Record<string, unknown>;
    expect(Object.keys(defs)).toEqual(expect.arrayContaining(['header', 'event', 'localized']));
    expect((defs.header as { required: string[] }).required).toEqual(['streamscope']);
  });

  it('accepts a full sample header, and the loader reads it without issues', () => {
    const sample = {
      streamscope: 1,
      title: { zh: '并行', en: 'Parallel' },
      wire: 'openai-chat',
      provenance: { kind: 'reconstructed', source: 'lesson', notes: 'figures from the lesson' },
      tools: [{ name: 'read_file', concurrencySafe: true, durationMs: 40 }],
      expect: { 'per-call-buffer': 'ok', 'shared-buffer': 'fail' },
      somethingNew: true,
    };
    expect(header(sample)).toBe(true);
    const r = load(`${JSON.stringify(sample)}\n[0,"req",{}]\n`);
    expect(r.ok && r.recording.issues).toEqual([]);
  });

  it.each([
    [{}, 'no streamscope'],
    [{ streamscope: 2 }, 'future version'],
    [{ streamscope: 1, wire: 'nope' }, 'unknown wire'],
    [{ streamscope: 1, provenance: { kind: 'recorded' } }, 'bad provenance kind'],
    [{ streamscope: 1, expect: { x: 'maybe' } }, 'bad verdict'],
  ])('rejects header %j (%s), as the loader refuses or flags it', (h, _why) => {
    expect(header(h)).toBe(false);
    const r = load(`${JSON.stringify(h)}\n`, 'x.jsonl');
    expect(!r.ok || r.recording.issues.some((i) => i.code === 'bad-header-field')).toBe(true);
  });

  it('accepts each event code in its documented shape and unknown codes, rejects wrong shapes', () => {
    for (const ev of [
      [0, 'req', { turn: 0, body: {} }],
      [1.5, 'chunk', 'data: x\n\n'],
      [2, 'bytes', '5pel'],
      [3, 'end', { status: 'aborted', note: 'cut' }],
      [4, 'final', { turn: 0, message: {} }],
      [5, 'tool', { turn: 0, callId: 'c', name: 'n', durationMs: 1 }],
      [6, 'mark', { zh: 'a', en: 'b' }],
      [7, 'future-code', { anything: 1 }],
    ]) expect([ev, event(ev)]).toEqual([ev, true]);
    for (const ev of [['0', 'chunk', 'x'], [0, 'chunk', 5], [0, 'end', { status: 'done' }], [0, 'bytes', '@@'], [0]]) {
      expect([ev, event(ev)]).toEqual([ev, false]);
    }
  });
});
