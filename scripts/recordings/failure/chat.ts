/**
 * Failure modes on OpenAI Chat Completions: interleaved parallel calls, `index: 0` reused for parallel calls, a
 * content chunk before the call, finish_reason tool_calls with no call.
 *
 * Contract: one synthetic recording per builder, in a named server's chunk style; `expect` worked out by hand from
 * src/core/README.md, "Strategies" (completed-item never applies to Chat).
 */
import { seeded } from '../lib/rng';
import { ChatChunks } from '../lib/wire';
import { failureWriter, layOut } from '../lib/failure-kit';
import { chatTools } from '../lib/task';
import type { Built } from '../lib/built';

const body = (model: string, content: string) => ({
  model,
  messages: [{ role: 'user', content }],
  tools: chatTools(['read_file', 'write_file']),
  stream: true,
});

export function buildInterleavedChat(): Built {
  const rng = seeded(8001);
  const model = 'gpt-4o-2024-08-06';
  const title = { zh: '并行调用交错到达(Chat)', en: 'Interleaved parallel calls (Chat)' };
  const summary = {
    zh: '两个调用的参数片段交错到达:index 0、1、0、1。「下一个 index 到了就算上一个结束」(OpenAI SDK 的启发式)在 index 1 出现时就把空的调用 0 关掉解析,失败;按 index 分别累积、等 finish_reason 的策略不受影响。',
    en: 'The two calls’ argument fragments arrive interleaved: index 0, 1, 0, 1. Next-index-closes (the OpenAI SDK heuristic) closes call 0 when index 1 appears and parses it empty: it fails. Per-call buffers that wait for finish_reason are unaffected.',
  };
  const w = failureWriter({
    title,
    summary,
    wire: 'openai-chat',
    issues: 'openai/openai-ruby#638 (interleaved parallel calls)',
    notes: 'Synthetic, in OpenAI’s chunk style; Chat allows interleaving because every fragment names its index. Timings illustrative.',
    server: 'OpenAI Chat Completions style (synthetic)',
    model,
    expect: {
      'parse-each-fragment': 'fail',
      'shared-buffer': 'fail',
      'per-call-buffer': 'ok',
      'completed-item': 'n/a',
      'partial-json-preview': 'ok',
      'next-index-closes': 'fail',
    },
  });
  const c = new ChatChunks({ id: `chatcmpl-${rng.alnum(29)}`, created: 1758869001, model, systemFingerprint: 'fp_b7faba9ef5', roleOnEveryDelta: false });
  w.req(0, 0, body(model, 'Read src/parseDate.js and its test, in parallel.'));
  const events = [
    c.delta({ content: undefined }),
    c.callStart(0, `call_${rng.alnum(24)}`, 'read_file'),
    c.callStart(1, `call_${rng.alnum(24)}`, 'read_file'),
    c.callArgs(0, '{"path": "src/'),
    c.callArgs(1, '{"path": "test/'),
    c.callArgs(0, 'parseDate.js"}'),
    c.callArgs(1, 'parseDate.test.js"}'),
    c.finish('tool_calls', undefined),
    c.done(),
  ];
  layOut(w, rng, events, 412.8, 905.6);
  w.end(906.1, 'complete');
  return { id: 'interleaved-chat', group: 'failure', title, summary, jsonl: w.toJsonl() };
}

export function buildReusedIndex(): Built {
  const rng = seeded(8002);
  const model = 'qwen3:8b';
  const title = { zh: '并行调用共用 index: 0(名字拼接)', en: 'index: 0 reused for parallel calls (names concatenate)' };
  const summary = {
    zh: 'Ollama 式的流:两个完整的 write_file 调用,id 不同,却都带 index: 0。按 index 归并的策略把两个调用并成一个:参数 {…}{…} 不是 JSON(把名字也追加的客户端还会得到 write_filewrite_file)。所有按 index 的策略都失败;只有按 id 区分调用的客户端(如 Vercel AI SDK 先按 id 匹配)能救回来。',
    en: 'An Ollama-style stream: two whole write_file calls with different ids, both with index: 0. Strategies that key calls by index merge them into one whose arguments {…}{…} are not JSON (a client that appends names too gets write_filewrite_file). Every index-keyed strategy fails; only a client that tells calls apart by id (the Vercel AI SDK matches ids first) recovers them.',
  };
  const w = failureWriter({
    title,
    summary,
    wire: 'openai-chat',
    issues: 'ollama/ollama#15457, vercel/ai#14277, NousResearch/hermes-agent#3468 (index 0 reused; names concatenated into write_filewrite_file)',
    notes: 'Synthetic, in Ollama’s chunk style (role on every delta, whole calls). Timings illustrative.',
    server: 'Ollama (OpenAI-compatible endpoint), style of the affected versions',
    model,
    expect: {
      'parse-each-fragment': 'fail',
      'shared-buffer': 'fail',
      'per-call-buffer': 'fail',
      'completed-item': 'n/a',
      'partial-json-preview': 'fail',
      'next-index-closes': 'fail',
    },
  });
  const c = new ChatChunks({ id: `chatcmpl-${Math.floor(rng.between(100, 999))}`, created: 1758869101, model, systemFingerprint: 'fp_ollama', roleOnEveryDelta: true });
  w.req(0, 0, body(model, 'Create src/a.js and src/b.js, each exporting its name.'));
  const events = [
    c.wholeCall(0, `call_${rng.alnum(8)}`, 'write_file', '{"path":"src/a.js","content":"export const name = \\"a\\";\\n"}'),
    c.wholeCall(0, `call_${rng.alnum(8)}`, 'write_file', '{"path":"src/b.js","content":"export const name = \\"b\\";\\n"}'),
    c.finish('tool_calls'),
    c.done(),
  ];
  layOut(w, rng, events, 1380.2, 2216.7);
  w.end(2217.1, 'complete');
  return { id: 'reused-index', group: 'failure', title, summary, jsonl: w.toJsonl() };
}

export function buildContentBeforeCall(): Built {
  const rng = seeded(8003);
  const model = 'Qwen/Qwen3-8B';
  const title = { zh: '调用之前先来一段正文', en: 'A content chunk before the tool call' };
  const summary = {
    zh: 'vLLM 式的流:先流出一句正文,再来一个增量的 read_file 调用。凭第一个 chunk 判断「这是文字回复」的客户端会丢掉后面的 tool_calls;本组件的策略都看完整条流,按调用累积的策略都成功,「每来一段就 parse」因半截片段失败。',
    en: 'A vLLM-style stream: a sentence of content first, then an incremental read_file call. A client that decides "this is a text reply" from the first chunk drops the tool_calls that follow; the strategies here read the whole stream, so the buffering ones succeed, and parse-each-fragment fails on half fragments.',
  };
  const w = failureWriter({
    title,
    summary,
    wire: 'openai-chat',
    issues: 'langfuse/langfuse#12490 (a content chunk before the tool call drops tool_calls)',
    notes: 'Synthetic, in vLLM’s chunk style (role only on the first delta, incremental arguments, usage chunk). Timings illustrative.',
    server: 'vLLM (OpenAI-compatible), style',
    model,
    expect: {
      'parse-each-fragment': 'fail',
      'shared-buffer': 'ok',
      'per-call-buffer': 'ok',
      'completed-item': 'n/a',
      'partial-json-preview': 'ok',
      'next-index-closes': 'ok',
    },
  });
  const c = new ChatChunks({ id: `chatcmpl-${rng.alnum(32)}`, created: 1758869201, model, roleOnEveryDelta: false });
  w.req(0, 0, { ...body(model, 'Why does the parseDate test fail?'), stream_options: { include_usage: true } });
  const events = [
    c.text(''),
    c.text('Let'),
    c.text(' me'),
    c.text(' read'),
    c.text(' the'),
    c.text(' test'),
    c.text(' first.'),
    c.callStart(0, `chatcmpl-tool-${rng.alnum(32)}`, 'read_file'),
    c.callArgs(0, '{"path": "'),
    c.callArgs(0, 'test/parseDate'),
    c.callArgs(0, '.test.js"}'),
    c.finish('tool_calls', undefined),
    c.usage(233, 31),
    c.done(),
  ];
  layOut(w, rng, events, 96.4, 702.3);
  w.end(702.8, 'complete');
  return { id: 'content-before-call', group: 'failure', title, summary, jsonl: w.toJsonl() };
}

export function buildFinishWithoutCall(): Built {
  const rng = seeded(8004);
  const model = 'Qwen/Qwen3-8B';
  const title = { zh: 'finish_reason: tool_calls,却没有调用', en: 'finish_reason: tool_calls with no call' };
  const summary = {
    zh: '服务端解析模型写的工具调用失败,把它丢了,却照样报 finish_reason: tool_calls。流里没有调用,每种策略都「什么也没拼出来」,按规则算成功——出问题的是 agent 循环:它在等一个不存在的调用。时间轴会标出这个异常。',
    en: 'The server fails to parse the tool call the model wrote, drops it, and still reports finish_reason: tool_calls. The stream carries no call, so every strategy assembles nothing and is, by the rules, right; what breaks is the agent loop, which waits for a call that does not exist. The timeline flags the anomaly.',
  };
  const w = failureWriter({
    title,
    summary,
    wire: 'openai-chat',
    issues: 'vllm-project/vllm#53255 (finish_reason tool_calls without a call)',
    notes: 'Synthetic, in vLLM’s chunk style; the agent-run lesson recording shows the same thing on mlx_lm.server (turn 7). Timings illustrative.',
    server: 'vLLM (OpenAI-compatible), style',
    model,
    expect: {
      'parse-each-fragment': 'ok',
      'shared-buffer': 'ok',
      'per-call-buffer': 'ok',
      'completed-item': 'n/a',
      'partial-json-preview': 'ok',
      'next-index-closes': 'ok',
    },
  });
  const c = new ChatChunks({ id: `chatcmpl-${rng.alnum(32)}`, created: 1758869301, model, roleOnEveryDelta: false });
  w.req(0, 0, body(model, 'Fix the failing parseDate test.'));
  const events = [c.text(''), c.text('I'), c.text(' will'), c.text(' update'), c.text(' the'), c.text(' file'), c.text(' now.'), c.finish('tool_calls', undefined), c.done()];
  const times = layOut(w, rng, events.slice(0, 7), 118.5, 402.2);
  const last = times[times.length - 1] ?? 0;
  w.chunk(last + 1342.6, events[7] ?? '');
  w.chunk(last + 1343.0, events[8] ?? '');
  w.end(last + 1343.4, 'complete');
  return { id: 'finish-without-call', group: 'failure', title, summary, jsonl: w.toJsonl() };
}
