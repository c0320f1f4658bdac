// Measures adaptFrames against the floor (JSON.parse of every frame's data) on ~500,000 generated frames per wire.
// Run: npx tsx test/core/wire/measure-speed.ts   (not a test: timings on a shared machine are for the report)
import { turnIndex, WIRES } from '../../../src/core/types';
import { adaptFrames, encodeTurn, frameKinds } from '../../../src/core/wire';
import { framesFromSse } from './frames';
import { frameTableOf } from '../../../src/core/sse';

const FRAMES = 500_000;
const fragments = Array.from({ length: 2000 }, (_, i) => (i % 2 === 0 ? `{"path":"src/file_${i}.ts",` : `"line":${i}}`));

function best(f: () => void, runs = 5): number {
  let min = Infinity;
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    f();
    min = Math.min(min, performance.now() - t);
  }
  return min;
}

for (const wire of WIRES.filter((w) => (process.env.WIRE ?? w) === w)) {
  const turn = framesFromSse(
    encodeTurn(wire, {
      text: fragments.slice(0, 500).map((_, i) => `word ${i} `),
      calls: [0, 1, 2].map((c) => ({ id: `call_${c}`, name: 'read_file', fragments })),
      usage: { inputTokens: 10, outputTokens: 20 },
    }),
  );
  const turns = Math.ceil(FRAMES / turn.length);
  const frames = Array.from({ length: turns }, (_, t) => turn.map((f) => ({ ...f, turn: turnIndex(t) }))).flat().slice(0, FRAMES);
  let sink = 0;
  const floor = best(() => {
    for (const f of frames) {
      try {
        sink += JSON.parse(f.data) === null ? 1 : 0;
      } catch {
        sink += 1;
      }
    }
  });
  // The same parse, keeping one small signal per frame as the data model does: the cost of retention alone.
  const retain = best(() => {
    const kept: { kind: string; text: unknown }[][] = new Array(frames.length);
    for (let i = 0; i < frames.length; i++) {
      let v: unknown = null;
      try {
        v = JSON.parse((frames[i] as { data: string }).data);
      } catch {
        v = null;
      }
      kept[i] = [{ kind: 'text', text: typeof v === 'object' && v !== null ? (v as { type?: unknown }).type : v }];
    }
    sink += kept.length;
  });
  const adapt = best(() => {
    sink += adaptFrames(wire, frameTableOf(frames)).count;
  });
  const signals = adaptFrames(wire, frameTableOf(frames));
  const kinds = best(() => {
    sink += frameKinds(signals).length;
  });
  console.log(
    `${wire.padEnd(18)} ${frames.length} frames  JSON.parse floor ${floor.toFixed(0)} ms  parse+retain ${retain.toFixed(0)} ms  adaptFrames ${adapt.toFixed(0)} ms ` +
      `(${(adapt / floor).toFixed(2)}x floor)  frameKinds ${kinds.toFixed(0)} ms  [${sink > 0 ? 'ok' : ''}]`,
  );
}
