/**
 * `parallel-probe`: the lesson's parallel probe on a local mlx_lm.server, reconstructed from its published figures.
 *
 * Contract: 6 frames in one turn; the first at 323.8 ms and the last at 547.3 ms after the request; two read_file
 * calls, each whole in one frame with an auto-incrementing index; `role` on every delta; finish_reason tool_calls;
 * [DONE]; a `final` message whose call ids equal the streamed ones.
 */
import { RecordingWriter } from '../lib/recording';
import { seeded } from '../lib/rng';
import { ChatChunks } from '../lib/wire';
import { MLX_MODEL, MLX_SERVER, SYSTEM_PROMPT, USER_PROMPT, chatTools, pyJson } from '../lib/task';
import type { Built } from '../lib/built';

export function buildParallelProbe(): Built {
  const rng = seeded(1001);
  const title = { zh: '并行调用 · 按公布数据重建', en: 'Parallel calls · reconstructed from published figures' };
  const summary = {
    zh: '本机 mlx_lm.server(Qwen3-8B,关思考)一次回复里的两个 read_file,各在一帧里整段到达;共 6 帧,首帧 323.8 ms、末帧 547.3 ms。原始录制不可得,此文件按课程公布的数字重建,不是真实录制。',
    en: 'Two read_file calls in one reply from a local mlx_lm.server (Qwen3-8B, thinking off), each arriving whole in one frame; 6 frames, first at 323.8 ms, last at 547.3 ms. The original capture is not available: this file is reconstructed from the lesson’s published figures, not a recording.',
  };
  const w = new RecordingWriter({
    title,
    description: summary,
    wire: 'openai-chat',
    provenance: {
      kind: 'reconstructed',
      source: 'reconstructed from the lesson’s published figures (A8 lesson 2, the T5 parallel probe)',
      notes:
        'Exact (published): 6 frames; first frame 323.8 ms and last frame 547.3 ms after the request; two read_file calls, each whole in one frame with index 0 and 1; role on every delta; finish_reason tool_calls; data: [DONE]. Filled in: the times of frames 2-5, the file paths, the call ids (uuids, in the server’s format), the chunk id and created time, the "\\n" content frame between the calls (what Qwen3 emits between two <tool_call> blocks), the usage chunk and its token counts.',
    },
    server: MLX_SERVER,
    model: MLX_MODEL,
    expect: {
      'parse-each-fragment': 'ok',
      'shared-buffer': 'fail',
      'per-call-buffer': 'ok',
      'completed-item': 'n/a',
      'partial-json-preview': 'ok',
      'next-index-closes': 'ok',
    },
  });

  const c = new ChatChunks({
    id: `chatcmpl-${rng.uuid()}`,
    created: 1758867312,
    model: MLX_MODEL,
    systemFingerprint: '0.28.2-0.29.1-macOS-15.6.1-arm64-arm-64bit-applegpu_g15s',
    roleOnEveryDelta: true,
  });
  const calls = [
    { id: rng.uuid(), name: 'read_file', args: pyJson({ path: 'src/parseDate.js' }) },
    { id: rng.uuid(), name: 'read_file', args: pyJson({ path: 'test/parseDate.test.js' }) },
  ];
  w.req(0, 0, {
    model: MLX_MODEL,
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: `${USER_PROMPT} Start by reading the implementation and its test, in parallel.` },
    ],
    tools: chatTools(['read_file']),
    stream: true,
    stream_options: { include_usage: true },
    temperature: 0,
    seed: 42,
  });
  const [a, b] = calls as [(typeof calls)[0], (typeof calls)[0]];
  w.chunk(323.8, c.wholeCall(0, a.id, a.name, a.args));
  w.chunk(351.6, c.text('\n'));
  w.chunk(521.9, c.wholeCall(1, b.id, b.name, b.args));
  w.chunk(540.7, c.finish('tool_calls'));
  w.chunk(547.0, c.usage(318, 52));
  w.chunk(547.3, c.done());
  w.end(547.9, 'complete');
  w.final(548.4, 0, {
    role: 'assistant',
    content: '\n',
    tool_calls: calls.map((x) => ({ id: x.id, type: 'function', function: { name: x.name, arguments: x.args } })),
  });
  return { id: 'parallel-probe', group: 'lesson', title, summary, jsonl: w.toJsonl() };
}
