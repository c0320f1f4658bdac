/**
 * `thinking-turn`: the first turn of the parseDate task with thinking on (mlx_lm.server), reconstructed from the
 * lesson's published figures.
 *
 * Contract: one turn of 706 frames: 697 reasoning frames from 125.9 ms, 5 text frames from 6,631 ms, the tool call
 * (whole, one frame) at 6,798 ms, then finish, usage and [DONE]. Reasoning travels in `delta.reasoning`.
 */
import { RecordingWriter } from '../lib/recording';
import { seeded } from '../lib/rng';
import { pieces, spread } from '../lib/timing';
import { ChatChunks } from '../lib/wire';
import { MLX_MODEL, MLX_SERVER, SYSTEM_PROMPT, TOOL_SPECS, USER_PROMPT, chatTools, pyJson } from '../lib/task';
import type { Built } from '../lib/built';
import { REASONING_TEXT } from './thinking-text';

export function buildThinkingTurn(): Built {
  const rng = seeded(5005);
  const title = { zh: '开思考一轮 · 按公布数据重建', en: 'One turn with thinking on · reconstructed from published figures' };
  const summary = {
    zh: '同一任务开思考的第一轮:706 帧。首帧 125.9 ms 就到了,可那是思考;第一段正文 6,631 ms,工具调用 6,798 ms。「首 token 时间」至少有三种读法。按课程公布的数字重建,不是真实录制。',
    en: 'The first turn of the same task with thinking on: 706 frames. The first frame arrives at 125.9 ms, but it is reasoning; the first text at 6,631 ms, the tool call at 6,798 ms. "Time to first token" has at least three readings. Reconstructed from the lesson’s published figures, not a recording.',
  };
  const w = new RecordingWriter({
    title,
    description: summary,
    wire: 'openai-chat',
    provenance: {
      kind: 'reconstructed',
      source: 'reconstructed from the lesson’s published figures (A8 lesson 2, thinking on, first turn)',
      notes:
        'Exact (published): 706 frames; first frame (reasoning) at 125.9 ms; first text at 6,631 ms; the tool call at 6,798 ms. Filled in: the reasoning and text themselves, every other frame time, the field carrying reasoning (delta.reasoning, as mlx_lm.server with a reasoning parser sends it), the call and its id, token counts.',
    },
    server: MLX_SERVER,
    model: MLX_MODEL,
    tools: TOOL_SPECS,
    expect: {
      'parse-each-fragment': 'ok',
      'shared-buffer': 'ok',
      'per-call-buffer': 'ok',
      'completed-item': 'n/a',
      'partial-json-preview': 'ok',
      'next-index-closes': 'ok',
    },
  });
  w.req(0, 0, {
    model: MLX_MODEL,
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: USER_PROMPT },
    ],
    tools: chatTools(['list_files', 'read_file', 'write_file', 'run_tests']),
    stream: true,
    stream_options: { include_usage: true },
    chat_template_kwargs: { enable_thinking: true },
    temperature: 0.6,
  });
  const c = new ChatChunks({ id: `chatcmpl-${rng.uuid()}`, created: 1758868001, model: MLX_MODEL, roleOnEveryDelta: true });
  const reasoning = pieces(REASONING_TEXT, 697, 2);
  const rTimes = spread(rng, 125.9, 6548.3, reasoning.length, 0.5);
  reasoning.forEach((p, i) => w.chunk(rTimes[i] ?? 0, c.reasoning(p)));
  const text = ['I’ll', ' start by', ' listing', ' the repository', ' files.'];
  const tTimes = spread(rng, 6631.0, 6770.4, text.length, 0.3);
  text.forEach((p, i) => w.chunk(tTimes[i] ?? 0, c.text(p)));
  const id = rng.uuid();
  const args = pyJson({ path: '.' });
  w.chunk(6798.0, c.wholeCall(0, id, 'list_files', args));
  w.chunk(6823.6, c.finish('tool_calls'));
  w.chunk(6828.1, c.usage(1108, 721));
  w.chunk(6828.4, c.done());
  w.end(6828.9, 'complete');
  w.final(6829.5, 0, {
    role: 'assistant',
    content: text.join(''),
    reasoning: reasoning.join(''),
    tool_calls: [{ id, type: 'function', function: { name: 'list_files', arguments: args } }],
  });
  return { id: 'thinking-turn', group: 'lesson', title, summary, jsonl: w.toJsonl() };
}
