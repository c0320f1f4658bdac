// A page that renders the Waterfall alone on a hand-built 9-turn session shaped like the lesson's agent run, for
// looking at it in a browser before (and independently of) the app shell. Run: npx tsx test/ui/waterfall/harness/shoot.ts
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { frameIndex, type FrameIndex } from '../../../../src/core/types';
import { translator, type Lang } from '../../../../src/i18n';
import { Waterfall } from '../../../../src/ui/waterfall/Waterfall';
import { makeSession, type TurnSpec } from '../fixture';

const toolTurn = (requestAt: number, first: number): TurnSpec => ({
  requestAt,
  frames: [{ at: first, kind: 'args', call: true }, { at: first + 2, kind: 'args' }, { at: first + 4, kind: 'other' }, { at: first + 5, kind: 'other' }],
  finishReason: 'tool_calls',
});
const turns: TurnSpec[] = [323.8, 410, 519, 350, 388, 402].map((first, i) => toolTurn(i * 700, first));
const t7: TurnSpec = {
  requestAt: 4300,
  frames: [
    ...Array.from({ length: 105 }, (_, i) => ({ at: 412 + i * 9, kind: 'text' as const })),
    { at: 412 + 104 * 9 + 885.8, kind: 'other' },
    { at: 412 + 104 * 9 + 890, kind: 'other' },
    { at: 412 + 104 * 9 + 891, kind: 'other' },
  ],
  finishReason: 'tool_calls',
  anomalies: ['finish-tool-calls-without-call'],
};
turns.push(t7, toolTurn(7000, 1010), { ...toolTurn(8300, 990), finishReason: 'stop' });
const session = makeSession({
  turns,
  tools: turns.slice(0, 6).map((tn, i) => ({ time: tn.requestAt + 340 + (tn.frames[0]?.at ?? 0) - 320, turn: i, name: i % 2 ? 'write_file' : 'read_file', durationMs: 30 + i * 12 })),
  ready: { 'per-call-buffer': [0, 1, 2, 3, 4, 5, 7, 8].map((turn) => [turn, 3, 'read_file'] as [number, number, string]) },
});

const params = new URLSearchParams(location.search);
const lang: Lang = params.get('lang') === 'zh' ? 'zh' : 'en';
const theme = params.get('theme') === 'dark' ? 'dark' : 'light';
document.body.style.background = theme === 'dark' ? '#15181d' : '#fff';

function Harness() {
  const [frame, setFrame] = useState<FrameIndex>(frameIndex(Number(params.get('f') ?? 0)));
  return (
    <>
      <p id="frame">{frame}</p>
      <Waterfall session={session} strategy="per-call-buffer" frame={frame} lang={lang} t={translator(lang)} theme={theme}
        selectedCall={null} hoveredCall={null} onSeek={setFrame} onSelectCall={() => undefined} onHoverCall={() => undefined} />
    </>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<Harness />);
