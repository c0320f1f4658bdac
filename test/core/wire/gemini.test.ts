import { describe, expect, it } from 'vitest';
import { detectWire, isTerminal } from '../../../src/core/wire';
import { fixtureFrames } from './frames';
import { A, CC, CE, CS, E, F, I, R, T, U, adaptLists } from './signals';
import { frameTableOf } from '../../../src/core/sse';

const adapt = (name: string) => adaptLists('gemini', frameTableOf(fixtureFrames(`gemini/${name}.sse`)));

describe('gemini adapter', () => {
  it('keys whole functionCall parts by their position across the turn; finishReason and usage', () => {
    expect(adapt('function-call-parts')).toStrictEqual([
      [T('Reading both.'), U(60, 3)],
      [CC('0', 'gemini-call-0', 'read_file', '{"path":"a.md"}'), CC('1', 'fc-b', 'read_file', '{"path":"b.md"}')],
      [CC('2', 'gemini-call-2', 'list_dir', '{}'), F('STOP'), U(60, 42)],
    ]);
  });

  it('Gemini 3 streamed arguments: one logical call, its partialArgs as JSON text, closed by an empty functionCall', () => {
    expect(adapt('streamed-args')).toStrictEqual([
      [CS('0', 'gemini-call-0', 'write_file')],
      [A('0', '{"path":"a.')],
      [A('0', 'md"')],
      [A('0', ',"lines":[3],"force":true')],
      [I('call-continues')],
      [A('0', '}'), CE('0')],
      [CC('1', 'gemini-call-1', 'list_dir', '{}'), I('stray-call-end')],
      [CS('2', 'gemini-call-2'), A('2', '{"q":"x"'), A('2', '}'), CE('2'), F('STOP')],
    ]);
  });

  it('thought parts are reasoning; an empty text with a thought signature is ignored (CRLF framing)', () => {
    expect(adapt('thought-and-text-crlf')).toStrictEqual([
      [R('Thinking about it')],
      [T('Answer'), I('part:thoughtSignature')],
      [F('STOP'), U(4, 1)],
    ]);
  });

  it('turns an error object into an error signal', () => {
    expect(adapt('error')).toStrictEqual([[T('Par')], [E('The model is overloaded. Please try again later.', 'UNAVAILABLE')]]);
  });

  it('reads a JSON array of responses; names odd parts, other candidates and a blocked prompt', () => {
    expect(adapt('odd-parts')).toStrictEqual([
      [I('part:executableCode'), I('malformed:part.functionCall'), I('malformed:content.parts[2]'), I('candidate:1')],
      [F('blocked:SAFETY')],
      [I('empty-chunk')],
    ]);
  });

  it('marks a chunk with finishReason as terminal', () => {
    const frames = fixtureFrames('gemini/function-call-parts.sse');
    expect(frames.map((f) => isTerminal('gemini', f))).toStrictEqual([false, false, true]);
  });

  it.each(['function-call-parts', 'thought-and-text-crlf', 'error', 'odd-parts', 'streamed-args'])('detects %s as gemini', (name) =>
    expect(detectWire(frameTableOf(fixtureFrames(`gemini/${name}.sse`)))).toBe('gemini'),
  );
});
