// @vitest-environment jsdom
// The "why" at the frame where it happens, on the shipped recordings through the real pipeline: a call that never
// got its end signal is marked on its buffer and in the results once its turn is over (past tense), and on the
// timeline; a turn that ends with finish_reason tool_calls and no call gets a warning verdict, not a green ok.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { analyzeText } from '../../../src/core/session/analyze';
import type { Session } from '../../../src/core/types';
import { translator } from '../../../src/i18n';
import { BuffersPanel } from '../../../src/ui/panels/buffers/BuffersPanel';
import { ResultsPanel } from '../../../src/ui/panels/results/ResultsPanel';
import { Conclusion } from '../../../src/ui/conclusion/Conclusion';
import { conclusionFacts, conclusionSentence, shownVerdict } from '../../../src/ui/conclusion/facts';
import { sessionMarkers } from '../../../src/store/markers';
import { markerText } from '../../../src/ui/scrubber/describe';
import { matrixRow } from '../../../src/worker/matrixRow';
import { renderPanel } from './render';

afterEach(cleanup);
const en = translator('en');
const zh = translator('zh');
const text = (name: string) => readFileSync(join(process.cwd(), 'public/recordings', name), 'utf8');
function load(name: string): Session {
  const r = analyzeText(text(name), name);
  if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
  return r.session;
}

describe('a call that never ended', () => {
  const cut = load('cut-mid-arguments.jsonl'); // 11 frames, write_file (key 1) never gets content_block_stop
  const last = cut.frames.count - 1;

  it('its buffer says so after the last frame, not before', () => {
    renderPanel(BuffersPanel, cut, { strategy: 'per-call-buffer', frame: last - 1 });
    expect(screen.queryByText('Never ended — do not execute.')).toBeNull();
    cleanup();
    renderPanel(BuffersPanel, cut, { strategy: 'per-call-buffer', frame: last });
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('Never ended — do not execute.');
    expect(note.textContent).toContain('write_file got no end signal before the stream stopped');
    expect(note.closest('article')?.getAttribute('aria-label')).toMatch(/^write_file/);
  });

  it('the shared buffer, which holds it, says so too', () => {
    renderPanel(BuffersPanel, cut, { strategy: 'shared-buffer', frame: last });
    expect(screen.getByRole('note').textContent).toContain('write_file');
  });

  it('the results speak in the past tense once the turn is over, and name the call not to run', () => {
    renderPanel(ResultsPanel, cut, { strategy: 'per-call-buffer', frame: 5 });
    expect(screen.getByText('No call is ready yet.')).toBeTruthy();
    cleanup();
    renderPanel(ResultsPanel, cut, { strategy: 'per-call-buffer', frame: last });
    expect(screen.queryByText('No call is ready yet.')).toBeNull();
    expect(screen.getByText('No call became ready in turn 1: the stream stopped before the call ended.')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toMatch(/write_file.*never ended \(the stream stopped at frame 10 without its end signal\): do not execute it\./);
    cleanup();
    renderPanel(ResultsPanel, cut, { strategy: 'per-call-buffer', frame: last, lang: 'zh' });
    expect(screen.getByText('第 1 轮没有调用就绪:调用结束之前流就停了。')).toBeTruthy();
  });

  it('an error event mid-stream: the first call was ready, the second is marked never ended', () => {
    const overloaded = load('overloaded-mid-stream.jsonl');
    renderPanel(ResultsPanel, overloaded, { strategy: 'per-call-buffer', frame: overloaded.frames.count - 1 });
    expect(screen.getByRole('note').textContent).toContain('never ended');
    expect(screen.getByText('Calls ready: 1')).toBeTruthy();
  });

  it('the conclusion names the call and says not to run it, with a button to the frame where it was cut', () => {
    const sentence = conclusionSentence(conclusionFacts(cut, 'per-call-buffer'), en('strategy.per-call-buffer.label'), en);
    expect(sentence).toBe('One buffer per call fails on turn 1: write_file (key 1) never reached its end signal before the stream stopped, so it must not be executed.');
    expect(conclusionFacts(cut, 'per-call-buffer')).toMatchObject({ frame: last });
    expect(conclusionSentence(conclusionFacts(cut, 'per-call-buffer'), zh('strategy.per-call-buffer.label'), zh)).toContain('write_file(key 1)始终没有收到结束信号');
  });

  it('the timeline marks it at the turn’s last frame and names the anomalies', () => {
    const markers = sessionMarkers(cut);
    const unended = markers.filter((m) => m.kind === 'unended');
    expect(unended.map((m) => [m.frame, m.detail])).toEqual([[last, 'write_file']]);
    expect(markerText(unended[0]!, cut, en, 'en')).toBe('Call write_file never ended: do not execute it');
    const overloaded = load('overloaded-mid-stream.jsonl');
    const names = sessionMarkers(overloaded)
      .filter((m) => m.kind === 'anomaly')
      .map((m) => markerText(m, overloaded, en, 'en'));
    expect(names).toContain('Anomaly: error event');
    expect(names).toContain('Anomaly: no terminal event');
    expect(sessionMarkers(overloaded).filter((m) => m.kind === 'anomaly').map((m) => markerText(m, overloaded, zh, 'zh'))).toContain('异常：错误事件');
  });
});

describe('finish_reason tool_calls with no call', () => {
  const s = load('finish-without-call.jsonl');

  it('is a warning in the conclusion (glyph, word, sentence, a button to its frame), not a green ok', () => {
    expect(s.strategies['per-call-buffer'].verdict).toBe('ok'); // core's verdict stays ok
    expect(shownVerdict(s, 'per-call-buffer')).toBe('warn');
    expect(shownVerdict(s, 'completed-item')).toBe('n/a');
    const sentence = conclusionSentence(conclusionFacts(s, 'per-call-buffer'), en('strategy.per-call-buffer.label'), en);
    expect(sentence).toContain('turn 1 ends with finish_reason: tool_calls and no call');
    let seeked = -1;
    render(<Conclusion session={s} strategy="per-call-buffer" t={en} onSeek={(f) => (seeked = f)} />);
    const status = screen.getByRole('status');
    expect(status.className).toContain('ss-verdict-warn');
    expect(status.textContent).toMatch(/^⚠ warning · /);
    fireEvent.click(screen.getByRole('button', { name: 'Go to frame 7' }));
    expect(seeked).toBe(7);
  });

  it('agent-run: turn 7 is the warning', () => {
    const agent = load('agent-run.jsonl');
    const sentence = conclusionSentence(conclusionFacts(agent, 'per-call-buffer'), en('strategy.per-call-buffer.label'), en);
    expect(sentence).toContain('turn 7 ends with finish_reason: tool_calls and no call');
    expect(shownVerdict(load('parallel-probe.jsonl'), 'per-call-buffer')).toBe('ok');
  });

  it('is a warning in the strategy matrix row', () => {
    const row = matrixRow('finish-without-call', text('finish-without-call.jsonl'), 'finish-without-call.jsonl');
    if (!row.ok) throw new Error(row.message);
    expect(row.cells['per-call-buffer']).toEqual({ verdict: 'ok', warn: true, frame: 7 });
    expect(row.cells['completed-item']).toEqual({ verdict: 'n/a' });
    const probe = matrixRow('parallel-probe', text('parallel-probe.jsonl'), 'parallel-probe.jsonl');
    if (!probe.ok) throw new Error(probe.message);
    expect(probe.cells['per-call-buffer'].warn).toBeUndefined();
  });
});
