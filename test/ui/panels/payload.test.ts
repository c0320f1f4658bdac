import { describe, expect, it } from 'vitest';
import { payloadPreview } from '../../../src/ui/panels/raw/payload';

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
    expect(p.startsWith('call read_file call_1 · arguments "xxx')).toBe(true);
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
