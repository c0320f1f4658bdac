import { describe, expect, it } from 'vitest';
import type { Frame, Session } from '../../../src/core/types';
import { payloadPieces, payloadPreview } from '../../../src/ui/panels/raw/payload';
import { columnWidths, latestTurnMs } from '../../../src/ui/panels/raw/rows';
import { frameTableOf } from '../../../src/core/sse';

describe('payloadPreview', () => {
  it('names the payload by the wire’s own field', () => {
    expect(payloadPreview('anthropic-messages', [{ kind: 'args', key: '1', text: '{"path": "src/' }], '{"type":"content_block_delta"}')).toBe(
      'partial_json "{\\"path\\": \\"src/"',
    );
    expect(payloadPreview('openai-chat', [{ kind: 'text', text: ' again.' }], '{"id":"chatcmpl-1"}')).toBe('content " again."');
    expect(payloadPreview('openai-chat', [{ kind: 'finish', reason: 'tool_calls' }], '{"id":"chatcmpl-1"}')).toBe('finish_reason tool_calls');
  });

  it('joins several signals and cuts a long one before quoting', () => {
    const long = 'x'.repeat(500);
    const p = payloadPreview('openai-chat', [{ kind: 'call-start', key: '0', id: 'call_1', name: 'read_file' }, { kind: 'args', key: '0', text: long }], '{}');
    expect(p.startsWith('call read_file · arguments "xxx')).toBe(true);
    expect(p.length).toBeLessThanOrEqual(97);
  });

  it('falls back to the data when the signals carry nothing to show', () => {
    expect(payloadPreview('openai-chat', [{ kind: 'ignored', why: 'done' }], '[DONE]')).toBe('[DONE]');
    expect(payloadPreview('gemini', undefined, 'a\nb')).toBe('a⏎b');
  });

  it('keeps newlines in a fragment on one row', () => {
    expect(payloadPreview('anthropic-messages', [{ kind: 'text', text: 'a\nb' }], '{}')).toBe('text "a\\nb"');
  });
});

describe('columnWidths', () => {
  const frame = (event: string) => ({ index: 0, turn: 0, time: 0, event, data: '', chunks: [0, 0], charStart: 0, charEnd: 0, byteStart: 0, byteEnd: 0 }) as unknown as Frame;
  it('fits the longest event name and the largest frame number', () => {
    expect(columnWidths(frameTableOf([frame('message'), frame('message')]))).toEqual({ index: 2, event: 7 });
    const many = Array.from({ length: 100_001 }, () => frame('response.function_call_arguments.delta'));
    expect(columnWidths(frameTableOf(many))).toEqual({ index: 6, event: 38 });
  });
  it('caps an odd name so it cannot take the whole row', () => {
    expect(columnWidths(frameTableOf([frame('x'.repeat(500))])).event).toBe(48);
  });
});

describe('latestTurnMs', () => {
  const at = (turn: number, time: number) => ({ index: 0, turn, time, event: 'message', data: '', chunks: [0, 0], charStart: 0, charEnd: 0, byteStart: 0, byteEnd: 0 }) as unknown as Frame;
  it('the largest time after its own turn\'s request, whichever turn holds it', () => {
    const frames = frameTableOf([at(0, 500), at(0, 99_952_600), at(1, 100_000_050), at(1, 100_000_100)]);
    const turns = [{ index: 0, requestAt: 0 }, { index: 1, requestAt: 100_000_000 }];
    expect(latestTurnMs({ frames, recording: { turns } } as unknown as Session)).toBe(99_952_600);
    expect(latestTurnMs({ frames: frameTableOf([]), recording: { turns } } as unknown as Session)).toBe(0);
    // turns numbered other than by their place: each frame's own turn's request still counts
    const renumbered = [{ index: 7, requestAt: 100_000_000 }, { index: 3, requestAt: 0 }];
    const late = frameTableOf([at(3, 2_000), at(7, 100_000_500)]);
    expect(latestTurnMs({ frames: late, recording: { turns: renumbered } } as unknown as Session)).toBe(2_000);
  });
});

describe('payloadPieces', () => {
  it('keeps what the stream carried apart from the app’s own words', () => {
    const rlo = '\u202eevil';
    expect(payloadPieces('openai-chat', [{ kind: 'text', text: rlo }, { kind: 'finish', reason: 'stop' }], '{}')).toEqual([
      { label: 'content', value: JSON.stringify(rlo) },
      { label: 'finish_reason', value: 'stop' },
    ]);
    expect(payloadPieces('openai-chat', [], '[DONE]')).toEqual([{ label: '', value: '[DONE]' }]);
  });
});
