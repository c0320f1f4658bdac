/**
 * Validation of a v1 recording header (DESIGN section 3).
 *
 * Contract: `readHeader(value)` either refuses the value as a header (not an object, no or a wrong `streamscope`
 * version: a reason sentence) or returns a RecordingHeader in which every field the app uses has its declared
 * type. A field of the wrong type is dropped (or its bad entries are) with a 'bad-header-field' issue; unknown
 * fields are kept untouched. Never throws.
 */
import { WIRES, type Localized, type LoadIssue, type Provenance, type ProvenanceKind, type RecordingHeader, type ToolSpec, type Verdict, type WireId } from '../types';
import { describe, excerpt, issue, isObject } from './issues';

const KINDS: readonly ProvenanceKind[] = ['captured', 'docs', 'reconstructed', 'synthetic'];
const VERDICTS: readonly Verdict[] = ['ok', 'fail', 'n/a'];

export type HeaderResult = { ok: true; header: RecordingHeader; issues: LoadIssue[] } | { ok: false; reason: string };

/** A Localized value: {zh, en} strings; a lone string or a missing language is filled from the other. */
export function readLocalized(v: unknown): Localized | undefined {
  if (typeof v === 'string') return { zh: v, en: v };
  if (!isObject(v)) return undefined;
  const zh = typeof v.zh === 'string' ? v.zh : undefined;
  const en = typeof v.en === 'string' ? v.en : undefined;
  if (zh === undefined && en === undefined) return undefined;
  return { zh: zh ?? (en as string), en: en ?? (zh as string) };
}

function readProvenance(v: unknown): Provenance | string {
  if (!isObject(v)) return `provenance is ${describe(v)}, not an object`;
  if (!KINDS.includes(v.kind as ProvenanceKind)) {
    return `provenance.kind ${excerpt(String(v.kind))} is not one of ${KINDS.join(', ')}`;
  }
  const out: Provenance = { kind: v.kind as ProvenanceKind };
  for (const key of ['source', 'url', 'notes'] as const) if (typeof v[key] === 'string') out[key] = v[key];
  return out;
}

function readTool(v: unknown): ToolSpec | undefined {
  if (!isObject(v) || typeof v.name !== 'string') return undefined;
  const out: ToolSpec = { name: v.name };
  if (typeof v.concurrencySafe === 'boolean') out.concurrencySafe = v.concurrencySafe;
  if (typeof v.durationMs === 'number' && Number.isFinite(v.durationMs) && v.durationMs >= 0) out.durationMs = v.durationMs;
  return out;
}

export function readHeader(value: unknown, line: number, byteOffset: number): HeaderResult {
  if (!isObject(value)) return { ok: false, reason: `the header is ${describe(value)}, not an object with "streamscope": 1` };
  const version = value.streamscope;
  if (version === undefined) return { ok: false, reason: 'the header has no "streamscope" field (expected "streamscope": 1)' };
  if (typeof version === 'number' && Number.isInteger(version) && version > 1) {
    return { ok: false, reason: `the file is Streamscope recording format version ${version}; this app reads version 1` };
  }
  if (version !== 1) return { ok: false, reason: `"streamscope" is ${excerpt(JSON.stringify(version) ?? '')}, expected 1` };

  const issues: LoadIssue[] = [];
  const bad = (field: string, why: string): void => {
    issues.push(issue('bad-header-field', `header field "${field}" ignored: ${why}`, line, byteOffset));
  };
  const header: RecordingHeader = { ...value, streamscope: 1 };

  for (const key of ['title', 'description'] as const) {
    if (!(key in value)) continue;
    const loc = readLocalized(value[key]);
    if (loc) header[key] = loc;
    else {
      delete header[key];
      bad(key, `expected {"zh": "...", "en": "..."}, got ${describe(value[key])}`);
    }
  }
  if ('wire' in value) {
    if (WIRES.includes(value.wire as WireId)) header.wire = value.wire as WireId;
    else {
      delete header.wire;
      bad('wire', `${excerpt(String(value.wire))} is not one of ${WIRES.join(', ')}`);
    }
  }
  if ('provenance' in value) {
    const p = readProvenance(value.provenance);
    if (typeof p === 'string') {
      delete header.provenance;
      bad('provenance', p);
    } else header.provenance = p;
  }
  for (const key of ['server', 'model'] as const) {
    if (key in value && typeof value[key] !== 'string') {
      delete header[key];
      bad(key, `expected a string, got ${describe(value[key])}`);
    }
  }
  if ('tools' in value) {
    if (!Array.isArray(value.tools)) {
      delete header.tools;
      bad('tools', `expected an array, got ${describe(value.tools)}`);
    } else {
      const tools = value.tools.map(readTool);
      const kept = tools.filter((t): t is ToolSpec => t !== undefined);
      if (kept.length < tools.length) bad('tools', `${tools.length - kept.length} entr${tools.length - kept.length === 1 ? 'y has' : 'ies have'} no string "name"`);
      header.tools = kept;
    }
  }
  if ('expect' in value) {
    if (!isObject(value.expect)) {
      delete header.expect;
      bad('expect', `expected an object, got ${describe(value.expect)}`);
    } else {
      const expect: Record<string, Verdict> = {};
      for (const [id, verdict] of Object.entries(value.expect)) {
        if (VERDICTS.includes(verdict as Verdict)) expect[id] = verdict as Verdict;
        else bad(`expect.${id}`, `${excerpt(String(verdict))} is not one of ${VERDICTS.join(', ')}`);
      }
      header.expect = expect;
    }
  }
  return { ok: true, header, issues };
}
