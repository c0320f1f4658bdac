/**
 * `agent-run`: the lesson's 9-turn agent run on the parseDate task (mlx_lm.server, thinking off), reconstructed
 * from its published figures.
 *
 * Contract: 9 turns (0-based in the data; the lesson's "turn 7" is index 6). Turns 0-5: 4 frames each (the whole
 * call, the finish chunk, the usage chunk, [DONE]), first frame between 323 and 519 ms after the request. Turn 6:
 * 108 frames: 105 text frames, then 885.8 ms without a frame, then an empty delta with finish_reason tool_calls and
 * no call, usage, [DONE]. Turns 7-8: 4 frames, first frame after about 1 s. `tool` events between turns; prompt
 * tokens add up to 15,921, the last turn's being 2,389; `final` messages per turn; `mark`s at turn 6's silence.
 */
import { RecordingWriter } from '../lib/recording';
import { seeded } from '../lib/rng';
import { pieces, spread } from '../lib/timing';
import { ChatChunks } from '../lib/wire';
import { MLX_MODEL, MLX_SERVER, SYSTEM_PROMPT, TOOL_SPECS, USER_PROMPT, chatTools, pyJson } from '../lib/task';
import type { Built } from '../lib/built';
import { AGENT_TURNS, TURN7_TEXT } from './agent-run-script';

export const AGENT_PROMPT_TOKENS = [1108, 1187, 1410, 1683, 1886, 1996, 2057, 2205, 2389];
export const TURN7_SILENCE_MS = 885.8;

export function buildAgentRun(): Built {
  const rng = seeded(4004);
  if (AGENT_PROMPT_TOKENS.reduce((a, b) => a + b, 0) !== 15921) throw new Error('agent-run: prompt tokens must add up to 15,921');
  const title = { zh: 'agent 全程流式,关思考 · 按公布数据重建', en: 'Agent run, streaming, thinking off · reconstructed from published figures' };
  const summary = {
    zh: 'parseDate 任务的 9 轮 agent 运行(本机 mlx_lm.server,Qwen3-8B,关思考)。第 1-6 轮各 4 帧;第 7 轮 108 帧:正文之后 885.8 ms 没有一帧,随后 finish_reason: tool_calls 却没有调用;第 8、9 轮首帧约 1 秒。按课程公布的数字重建,不是真实录制。',
    en: 'The 9-turn agent run on the parseDate task (local mlx_lm.server, Qwen3-8B, thinking off). Turns 1-6: 4 frames each; turn 7: 108 frames, 885.8 ms without a frame after the text, then finish_reason: tool_calls with no call; turns 8-9: first frame after about 1 s. Reconstructed from the lesson’s published figures, not a recording.',
  };
  const w = new RecordingWriter({
    title,
    description: summary,
    wire: 'openai-chat',
    provenance: {
      kind: 'reconstructed',
      source: 'reconstructed from the lesson’s published figures (A8 lesson 2, the T5 agent run)',
      notes:
        'Exact (published): 9 turns; turns 1-6 have 4 frames with the first frame between 323 and 519 ms; turn 7 has 108 frames, streams text, then 885.8 ms with no frame, then an empty delta with finish_reason tool_calls and no call; turns 8-9 have 4 frames with the first frame after about 1 s; prompt tokens add up to 15,921 and the last turn’s are 2,389. Filled in: every other time, the tools called and their arguments, the tool results and durations, turn 7’s text, the per-turn token split, ids.',
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

  const messages: unknown[] = [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: USER_PROMPT },
  ];
  let reqAt = 0;
  AGENT_TURNS.forEach((turn, k) => {
    const prompt = AGENT_PROMPT_TOKENS[k] ?? 0;
    w.req(reqAt, k, {
      model: MLX_MODEL,
      messages: [...messages],
      tools: chatTools(['list_files', 'read_file', 'write_file', 'run_tests']),
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0,
    });
    const c = new ChatChunks({ id: `chatcmpl-${rng.uuid()}`, created: 1758867500 + Math.round(reqAt / 1000), model: MLX_MODEL, roleOnEveryDelta: true });
    const at = (rel: number) => reqAt + rel;
    if (turn.call) {
      const id = rng.uuid();
      const args = pyJson(turn.call.args);
      const first = turn.firstFrameMs;
      const fin = first + rng.between(18, 32);
      w.chunk(at(first), c.wholeCall(0, id, turn.call.name, args));
      w.chunk(at(fin), c.finish('tool_calls'));
      w.chunk(at(fin + rng.between(3, 6)), c.usage(prompt, turn.completionTokens));
      const done = fin + rng.between(6.2, 7);
      w.chunk(at(done), c.done());
      w.end(at(done + 0.4), 'complete');
      const message = { role: 'assistant', content: '', tool_calls: [{ id, type: 'function', function: { name: turn.call.name, arguments: args } }] };
      w.final(at(done + 0.9), k, message);
      const toolStart = at(done + rng.between(1.5, 3));
      w.tool(toolStart, k, id, turn.call.name, turn.call.durationMs);
      messages.push(message, { role: 'tool', tool_call_id: id, content: turn.call.result });
      reqAt = toolStart + turn.call.durationMs + rng.between(8, 20);
    } else {
      const parts = pieces(TURN7_TEXT, 105);
      const times = spread(rng, turn.firstFrameMs, turn.firstFrameMs + 3314.3, parts.length, 0.45);
      parts.forEach((p, i) => w.chunk(at(times[i] ?? 0), c.text(p)));
      const last = times[times.length - 1] ?? 0;
      w.mark(at(last), {
        zh: '第 7 轮:正文之后 885.8 ms 没有一帧——模型在写一个工具调用,服务端解析失败,把它丢了',
        en: 'Turn 7: 885.8 ms without a frame after the text — the model is writing a tool call the server fails to parse and drops',
      });
      const fin = last + TURN7_SILENCE_MS;
      w.chunk(at(fin), c.finish('tool_calls'));
      w.mark(at(fin), {
        zh: '空 delta,finish_reason: tool_calls——却没有任何调用',
        en: 'An empty delta with finish_reason: tool_calls — and no call',
      });
      w.chunk(at(fin + 2.6), c.usage(prompt, turn.completionTokens));
      w.chunk(at(fin + 2.9), c.done());
      w.end(at(fin + 3.3), 'complete');
      const message = { role: 'assistant', content: TURN7_TEXT };
      w.final(at(fin + 3.8), k, message);
      messages.push(message, { role: 'user', content: turn.nudge ?? '' });
      reqAt = at(fin + 3.8) + rng.between(8, 20);
    }
  });
  return { id: 'agent-run', group: 'lesson', title, summary, jsonl: w.toJsonl() };
}
