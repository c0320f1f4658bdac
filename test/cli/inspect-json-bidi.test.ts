// `inspect --json` escapes the characters a terminal acts on (bidi controls, C1 controls, line separators) as the
// text summary does, and stays valid JSON that reads back to the very same strings.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { analyzeInput } from '../../src/core/session/session';
import { inspectJson, inspectJsonText } from '../../src/cli/inspect-json';
import { inspect } from './run-cli';

const HOSTILE = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c', '\u0085', '\u009b', '\u2028'];
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** A Chat stream whose tool name, key and arguments carry every hostile character, and an unknown event named with them. */
function hostileSse(): string {
  const evil = HOSTILE.join('x');
  const args = JSON.stringify({ path: `safe${evil}.txt`, [`k${evil}`]: 1 });
  const chunk = (delta: unknown, finish: string | null = null) => `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  return (
    chunk({ tool_calls: [{ index: 0, id: `call${evil}`, type: 'function', function: { name: `read${evil}`, arguments: '' } }] }) +
    chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(0, 10) } }] }) +
    chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(10) } }] }) +
    chunk({}, 'tool_calls') +
    `event: odd${evil}\ndata: {}\n\n` +
    'data: [DONE]\n\n'
  );
}

describe('inspect --json and bidi controls', () => {
  const r = analyzeInput(hostileSse(), 'hostile.sse');
  if (!r.ok) throw new Error(r.error.message);
  const session = r.session;

  it('no raw bidi or C1 control reaches the output, and it parses back to the same report', () => {
    const text = inspectJsonText(session);
    expect(text).not.toMatch(BIDI);
    expect(text).not.toMatch(/[\u007f-\u009f\u2028\u2029]/);
    expect(text).toContain('\\u202e');
    expect(text).toContain('\\u061c');
    const back: unknown = JSON.parse(text);
    expect(back).toEqual(JSON.parse(JSON.stringify(inspectJson(session))));
    // the strings themselves are kept: the call's name and arguments still hold the characters
    const perCall = (back as ReturnType<typeof inspectJson>).strategies.find((s) => s.id === 'per-call-buffer');
    expect(perCall?.calls[0]?.name).toBe(`read${HOSTILE.join('x')}`);
  });

  it('the CLI prints the escaped report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inspect-bidi-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'hostile\u061c\u202e.sse');
    writeFileSync(file, hostileSse());
    const out = await inspect(file, '--json');
    expect(out.code).toBe(0);
    expect(out.out).not.toMatch(BIDI);
    expect(out.out).toContain('\\u202e');
    const j = JSON.parse(out.out) as ReturnType<typeof inspectJson>;
    expect(j.strategies.find((s) => s.id === 'per-call-buffer')?.calls[0]?.name).toBe(`read${HOSTILE.join('x')}`);
    // and the summary, as before (the Arabic letter mark U+061C in the file's name included)
    const summary = await inspect(file);
    expect(summary.code).toBe(0);
    expect(summary.out).not.toMatch(BIDI);
    expect(summary.out).toContain('\\u061c');
  });
});
