/**
 * Validation of a v1 recording header (docs/recording-format.md).
 *
 * Contract: `readHeader(value)` either refuses the value as a header (not an object, no or a wrong `streamscope`
 * version: a failure code with its params) or returns a RecordingHeader in which every field the app uses has its declared
 * type. A field of the wrong type is dropped (or its bad entries are) with a 'bad-header-field' issue; unknown
 * fields are kept untouched. Never throws.
 */
import { WIRES, type LoadIssue, type Localized, type Mutable, type Provenance, type ProvenanceKind, type RecordingHeader, type ToolSpec, type Verdict, type WireId } from '../types';
import { excerpt, issue, isObject, jsonText, shownValue } from './issues';
import { jsonType } from './messages';

const KINDS: readonly ProvenanceKind[] = ['captured', 'docs', 'reconstructed', 'synthetic'];
const VERDICTS: readonly Verdict[] = ['ok', 'fail', 'n/a'];

/** A refused header: which failure, with its params (the caller adds the place, line 1 byte 0). */
export type HeaderRefusal =
  | { code: 'header-not-object'; params: { type: string } }
  | { code: 'header-no-version'; params: Record<never, never> }
  | { code: 'header-newer-version'; params: { version: number } }
  | { code: 'header-bad-version'; params: { value: string } };

export type HeaderResult = { ok: true; header: RecordingHeader; issues: LoadIssue[] } | ({ ok: false } & HeaderRefusal);

/** A Localized value: {zh, en} strings; a lone string or a missing language is filled from the other. */
export function readLocalized(v: unknown): Localized | undefined {
  if (typeof v === 'string') return { zh: v, en: v };
  if (!isObject(v)) return undefined;
  const zh = typeof v.zh === 'string' ? v.zh : undefined;
  const en = typeof v.en === 'string' ? v.en : undefined;
  if (zh === undefined && en === undefined) return undefined;
  return { zh: zh ?? (en as string), en: en ?? (zh as string) };
}

/** A provenance, or the issue that refuses it. */
function readProvenance(v: unknown, line: number, byteOffset: number): Provenance | LoadIssue {
  if (!isObject(v)) return issue('bad-header-field.provenance', { field: 'provenance', type: jsonType(v) }, line, byteOffset);
  if (!KINDS.includes(v.kind as ProvenanceKind)) {
    return issue('bad-header-field.provenance-kind', { field: 'provenance', value: excerpt(shownValue(v.kind)), allowed: KINDS.join(', ') }, line, byteOffset);
  }
  const out: Mutable<Provenance> = { kind: v.kind as ProvenanceKind };
  for (const key of ['source', 'url', 'notes'] as const) if (typeof v[key] === 'string') out[key] = v[key];
  return out;
}

function readTool(v: unknown): ToolSpec | undefined {
  if (!isObject(v) || typeof v.name !== 'string') return undefined;
  const out: Mutable<ToolSpec> = { name: v.name };
  if (typeof v.concurrencySafe === 'boolean') out.concurrencySafe = v.concurrencySafe;
  if (typeof v.durationMs === 'number' && Number.isFinite(v.durationMs) && v.durationMs >= 0) out.durationMs = v.durationMs;
  return out;
}

export function readHeader(value: unknown, line: number, byteOffset: number): HeaderResult {
  if (!isObject(value)) return { ok: false, code: 'header-not-object', params: { type: jsonType(value) } };
  const version = value.streamscope;
  if (version === undefined) return { ok: false, code: 'header-no-version', params: {} };
  if (typeof version === 'number' && Number.isInteger(version) && version > 1) {
    return { ok: false, code: 'header-newer-version', params: { version } };
  }
  if (version !== 1) return { ok: false, code: 'header-bad-version', params: { value: excerpt(version === undefined ? '' : jsonText(version)) } };

  const issues: LoadIssue[] = [];
  const at = [line, byteOffset] as const;
  const header: Mutable<RecordingHeader> = { ...value, streamscope: 1 };

  for (const key of ['title', 'description'] as const) {
    if (!(key in value)) continue;
    const loc = readLocalized(value[key]);
    if (loc) header[key] = loc;
    else {
      delete header[key];
      issues.push(issue('bad-header-field.localized', { field: key, type: jsonType(value[key]) }, ...at));
    }
  }
  if ('wire' in value) {
    if (WIRES.includes(value.wire as WireId)) header.wire = value.wire as WireId;
    else {
      delete header.wire;
      issues.push(issue('bad-header-field.one-of', { field: 'wire', value: excerpt(shownValue(value.wire)), allowed: WIRES.join(', ') }, ...at));
    }
  }
  if ('provenance' in value) {
    const p = readProvenance(value.provenance, line, byteOffset);
    if ('code' in p) {
      delete header.provenance;
      issues.push(p);
    } else header.provenance = p;
  }
  for (const key of ['server', 'model'] as const) {
    if (key in value && typeof value[key] !== 'string') {
      delete header[key];
      issues.push(issue('bad-header-field.expected', { field: key, expected: 'string', type: jsonType(value[key]) }, ...at));
    }
  }
  if ('tools' in value) {
    if (!Array.isArray(value.tools)) {
      delete header.tools;
      issues.push(issue('bad-header-field.expected', { field: 'tools', expected: 'array', type: jsonType(value.tools) }, ...at));
    } else {
      const tools = value.tools.map(readTool);
      const kept = tools.filter((t): t is ToolSpec => t !== undefined);
      const count = tools.length - kept.length;
      if (count > 0) issues.push(issue(count === 1 ? 'bad-header-field.unnamed-tool' : 'bad-header-field.unnamed-tools', { field: 'tools', count }, ...at));
      header.tools = kept;
    }
  }
  if ('expect' in value) {
    if (!isObject(value.expect)) {
      delete header.expect;
      issues.push(issue('bad-header-field.expected', { field: 'expect', expected: 'object', type: jsonType(value.expect) }, ...at));
    } else {
      const expect: Record<string, Verdict> = {};
      for (const [id, verdict] of Object.entries(value.expect)) {
        if (VERDICTS.includes(verdict as Verdict)) expect[id] = verdict as Verdict;
        else issues.push(issue('bad-header-field.one-of', { field: `expect.${id}`, value: excerpt(shownValue(verdict)), allowed: VERDICTS.join(', ') }, ...at));
      }
      header.expect = expect;
    }
  }
  return { ok: true, header, issues };
}
