/**
 * `mcp-tool-block`: an Anthropic Messages reply through the MCP connector, where Anthropic's side runs the tool: an
 * `mcp_tool_use` block streams its input with `input_json_delta` exactly as a client `tool_use` does, an
 * `mcp_tool_result` block follows, then the answer as text, and the turn ends with `end_turn`.
 *
 * Contract: synthetic, in the shape the MCP connector documentation and the official SDK's stream types describe
 * (the SDK's MessageStream accumulates the mcp_tool_use block's input from the same deltas, and its finalMessage()
 * carries no client call). What it teaches: not every streamed input is yours to run. A reader that assembles every
 * input_json_delta as a call sees an unnamed call that never ends; every strategy must report no call and no failure.
 */
import { RecordingWriter } from '../lib/recording';
import { seeded } from '../lib/rng';
import { AnthropicEvents, namedEvent } from '../lib/wire';
import { ANTHROPIC_MODEL } from '../lesson/anthropic-docs';
import { layOut } from '../lib/failure-kit';
import type { Built } from '../lib/built';

const MODEL = ANTHROPIC_MODEL;

export function buildMcpToolBlock(): Built {
  const rng = seeded(34001);
  const title = { zh: 'MCP 连接器:服务端工具块也流式发参数', en: 'MCP connector: a server-side tool block streams its input too' };
  const summary = {
    zh: '经 MCP 连接器的一次回复:mcp_tool_use 块像客户端的 tool_use 一样用 input_json_delta 分段发参数,但这个工具由 Anthropic 那边调用 MCP 服务器执行,结果以 mcp_tool_result 块回来,随后是文字答案,以 end_turn 结束。客户端没有要执行的调用:把所有 input_json_delta 都当调用拼装的读法,会得到一个没名字、也永远不结束的调用。按文档描述的形状合成,不是真实录制。',
    en: 'One reply through the MCP connector: an mcp_tool_use block streams its input in input_json_delta pieces just like a client tool_use, but Anthropic’s side runs this tool on the MCP server; the result comes back as an mcp_tool_result block, then the text answer, ending with end_turn. There is no call for the client to run: a reader that assembles every input_json_delta as a call ends up with an unnamed call that never ends. Synthetic, in the shape the documentation describes; not a capture.',
  };
  const w = new RecordingWriter({
    title,
    description: summary,
    wire: 'anthropic-messages',
    provenance: {
      kind: 'synthetic',
      source: 'the Anthropic MCP connector documentation (mcp_tool_use / mcp_tool_result content blocks) and the official TypeScript SDK’s stream types',
      notes:
        'Synthetic: sent by the Anthropic Messages API when a request names mcp_servers (the MCP connector beta), or by a gateway that relays it. The event shapes follow the documentation; the server name, tool, ids, text, token counts and all timings are made up.',
    },
    server: 'Anthropic Messages with the MCP connector (synthetic)',
    model: MODEL,
    expect: {
      'parse-each-fragment': 'ok',
      'shared-buffer': 'ok',
      'per-call-buffer': 'ok',
      'completed-item': 'n/a',
      'partial-json-preview': 'ok',
      'next-index-closes': 'n/a',
    },
  });
  const id = `msg_01${rng.alnum(22)}`;
  const toolId = `mcptoolu_01${rng.alnum(22)}`;
  w.req(0, 0, {
    model: MODEL,
    max_tokens: 1024,
    messages: [{ role: 'user', content: 'What is the weather in Lisbon? Use the weather server.' }],
    mcp_servers: [{ type: 'url', url: 'https://mcp.example.org/sse', name: 'weather' }],
    stream: true,
  });
  const e = new AnthropicEvents(id, MODEL);
  const input = { city: 'Lisbon', units: 'metric' };
  const result = [{ type: 'text', text: '18 °C, light wind from the north-west' }];
  const answer = 'In Lisbon it is 18 °C with a light north-west wind.';
  const events = [
    e.messageStart(640),
    namedEvent('content_block_start', { index: 0, content_block: { type: 'mcp_tool_use', id: toolId, name: 'get_weather', server_name: 'weather', input: {} } }),
    e.jsonDelta(0, ''),
    e.jsonDelta(0, '{"city": "Lis'),
    e.jsonDelta(0, 'bon", "units'),
    e.jsonDelta(0, '": "metric"}'),
    e.blockStop(0),
    namedEvent('content_block_start', { index: 1, content_block: { type: 'mcp_tool_result', tool_use_id: toolId, is_error: false, content: result } }),
    e.blockStop(1),
    e.textStart(2),
    e.textDelta(2, 'In Lisbon it is 18 °C '),
    e.textDelta(2, 'with a light north-west wind.'),
    e.blockStop(2),
    e.messageDelta('end_turn', 41),
    e.messageStop(),
  ];
  const times = layOut(w, rng, events, 520, 1480);
  const last = times[times.length - 1] ?? 1480;
  w.end(last + 0.4, 'complete');
  w.final(last + 0.6, 0, {
    id,
    type: 'message',
    role: 'assistant',
    model: MODEL,
    content: [
      { type: 'mcp_tool_use', id: toolId, name: 'get_weather', server_name: 'weather', input },
      { type: 'mcp_tool_result', tool_use_id: toolId, is_error: false, content: result },
      { type: 'text', text: answer, citations: null },
    ],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 640, output_tokens: 41 },
  });
  return { id: 'mcp-tool-block', group: 'failure', title, summary, jsonl: w.toJsonl() };
}
