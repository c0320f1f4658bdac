// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { frameIndex, type Session } from '../../../src/core/types';
import { translator } from '../../../src/i18n';
import { Conclusion } from '../../../src/ui/conclusion/Conclusion';
import { conclusionFacts, conclusionSentence, quoteInput } from '../../../src/ui/conclusion/facts';
import { CompareView } from '../../../src/ui/compare/CompareView';
import { firstDivergence, firstDivergenceAmong } from '../../../src/ui/compare/divergence';
import { anthropicEvents, buildSession, type Ev } from '../panels/fixture';

afterEach(cleanup);
const en = translator('en');
const zh = translator('zh');
const docs = buildSession(anthropicEvents());

/** A stream like the local server's: each call's arguments arrive whole in one fragment. */
function wholeCalls(): Session {
  const events: Ev[] = anthropicEvents().filter((e) => !(e.event === 'content_block_delta' && e.signals[0]?.kind === 'args'));
  const at = (key: string) => events.findIndex((e) => e.signals.some((s) => s.kind === 'call-start' && s.key === key));
  events.splice(at('1') + 1, 0, argsEvent('1', '{"path": "README.md"}'));
  events.splice(at('2') + 1, 0, argsEvent('2', '{"path": "package.json"}'));
  return buildSession(events);
}
const argsEvent = (key: string, text: string): Ev => ({
  event: 'content_block_delta',
  data: { type: 'content_block_delta', index: Number(key), delta: { type: 'input_json_delta', partial_json: text } },
  signals: [{ kind: 'args', key, text }],
});

describe('conclusion facts and sentence', () => {
  it('parse-each-fragment on the docs stream fails from the first fragment, JSON.parse(\'\')', () => {
    const fact = conclusionFacts(docs, 'parse-each-fragment');
    expect(fact).toMatchObject({ kind: 'fail-parse', frame: 5, input: '', firstAttempt: true, failed: 4, attempts: 5 });
    const s = conclusionSentence(fact, en('strategy.parse-each-fragment.label'), en);
    expect(s).toBe(
      "Parse every fragment fails from the first fragment: JSON.parse('') at frame 5 says “Unexpected end of JSON input”; 4 of 5 parses failed.",
    );
    expect(conclusionSentence(fact, zh('strategy.parse-each-fragment.label'), zh)).toContain("JSON.parse('')");
  });

  it('parse-each-fragment never fails when each call arrives whole', () => {
    const s = wholeCalls();
    const fact = conclusionFacts(s, 'parse-each-fragment');
    expect(fact).toEqual({ kind: 'ok', calls: 2, becauseWhole: true });
    expect(conclusionSentence(fact, en('strategy.parse-each-fragment.label'), en)).toBe(
      'Parse every fragment never failed on this recording: each call arrived whole in one frame.',
    );
    expect(conclusionSentence(fact, zh('strategy.parse-each-fragment.label'), zh)).toBe(
      '「每来一段就解析」在这份录制上一次也没失败:每个调用都在一帧里整段到达。',
    );
  });

  it('one shared buffer fails because two objects back to back are not one JSON value', () => {
    const fact = conclusionFacts(docs, 'shared-buffer');
    expect(fact).toMatchObject({ kind: 'fail-parse', firstAttempt: true, why: { shape: 'concatenated' } });
    expect(conclusionSentence(fact, en('strategy.shared-buffer.label'), en)).toContain('two JSON objects back to back are not one JSON value');
  });

  it('per-call buffers work without claiming the calls came whole', () => {
    const fact = conclusionFacts(docs, 'per-call-buffer');
    expect(fact).toEqual({ kind: 'ok', calls: 2, becauseWhole: false });
    expect(conclusionSentence(fact, 'X', en)).toBe('X works on this recording: it produced all 2 calls with valid arguments.');
  });

  it('n/a gives the reason', () => {
    const fact = conclusionFacts(docs, 'completed-item');
    expect(fact).toEqual({ kind: 'na', reasonKey: 'na.completed-item.no-complete-items' });
    expect(conclusionSentence(fact, 'X', en)).toMatch(/^X does not apply here: No event on this wire carries a whole call/);
  });

  it('says a strategy still being computed is pending, not inapplicable', () => {
    expect(conclusionSentence({ kind: 'na', reasonKey: 'na.pending' }, 'X', en)).toBe('X: still being computed…');
  });

  it('quotes inputs the way JSON.parse is called', () => {
    expect(quoteInput('')).toBe("''");
    expect(quoteInput("it's\n")).toBe("'it\\'s\\n'");
  });
});

describe('Conclusion component', () => {
  it('renders the sentence and seeks to the failing frame', () => {
    const onSeek = vi.fn();
    render(<Conclusion session={docs} strategy="parse-each-fragment" t={en} onSeek={onSeek} />);
    expect(screen.getByRole('status', { name: 'Conclusion' }).textContent).toContain('fails from the first fragment');
    fireEvent.click(screen.getByRole('button', { name: 'Go to frame 5' }));
    expect(onSeek).toHaveBeenCalledWith(5);
  });
});

describe('compare', () => {
  it('finds the first frame where two strategies differ', () => {
    // parse-each-fragment fails at frame 5; per-call-buffer logs nothing until frame 8.
    expect(firstDivergence(docs.strategies['parse-each-fragment'], docs.strategies['per-call-buffer'])).toBe(5);
    expect(firstDivergence(docs.strategies['per-call-buffer'], docs.strategies['partial-json-preview'])).toBeNull();
    expect(firstDivergence(docs.strategies['per-call-buffer'], docs.strategies['completed-item'])).toBeNull();
    expect(firstDivergenceAmong(Object.values(docs.strategies))).toBe(5);
  });

  it('shows every strategy at the frame and seeks to a divergence', () => {
    const onSeek = vi.fn();
    render(<CompareView session={docs} strategy="per-call-buffer" frame={frameIndex(9)} t={en} onSeek={onSeek} />);
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(7);
    const pef = rows.find((r) => r.textContent?.startsWith('Parse every fragment')) as HTMLElement;
    expect(pef.textContent).toContain('frame 7: failed');
    const shared = rows.find((r) => r.textContent?.startsWith('One shared buffer')) as HTMLElement;
    expect(shared.textContent).toContain('Go to frame 8');
    expect(screen.getByText('The strategies first diverge at frame 5.')).toBeTruthy();
    fireEvent.click(within(pef).getByRole('button', { name: 'Go to frame 5' }));
    expect(onSeek).toHaveBeenCalledWith(5);
  });
});
