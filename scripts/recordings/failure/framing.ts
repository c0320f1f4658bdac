/**
 * Failure modes of the byte and SSE framing layers: a UTF-8 character split across network chunks, CRLF framing
 * with a CR/LF pair split across chunks.
 *
 * Contract: the network chunk boundaries are the point of these recordings: each builder places them at exact byte
 * offsets and writes a chunk that is not valid UTF-8 on its own as `bytes`. With a streaming decoder and WHATWG
 * line handling the strategies see ordinary streams.
 */
import { seeded } from '../lib/rng';
import { ChatChunks } from '../lib/wire';
import { encodeUtf8 } from '../lib/recording';
import { failureWriter } from '../lib/failure-kit';
import { spread } from '../lib/timing';
import { chatTools } from '../lib/task';
import type { Built } from '../lib/built';

function indexOfBytes(hay: Uint8Array, needle: Uint8Array, from = 0): number {
  outer: for (let i = from; i <= hay.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

export function buildUtf8Split(): Built {
  const rng = seeded(9001);
  const model = 'Qwen3-8B-Q4_K_M.gguf';
  const title = { zh: 'UTF-8 字符被网络分块切开', en: 'A UTF-8 character split across network chunks' };
  const summary = {
    zh: 'llama.cpp 式的流,正文和参数里有中文。两处网络分块恰好切在一个三字节汉字中间(文件里记为 bytes)。不带 {stream: true} 的 TextDecoder 会把半个字解成 U+FFFD:路径变成 docs/\uFFFD\uFFFD期格式.md,JSON 照样合法,却读错了文件。流式解码把它拼回原字;之后各策略如常:按调用累积的都成功,「每来一段就 parse」因半截片段失败。',
    en: 'A llama.cpp-style stream with Chinese in the text and the arguments. Two network chunks end in the middle of a three-byte character (written as bytes in the file). A TextDecoder without {stream: true} turns the halves into U+FFFD: the path becomes docs/\uFFFD\uFFFD期格式.md, still valid JSON, but the wrong file. A streaming decoder joins the character; after that the strategies behave as usual: the buffering ones succeed, parse-each-fragment fails on half fragments.',
  };
  const w = failureWriter({
    title,
    summary,
    wire: 'openai-chat',
    issues: 'braintrust-sdk-javascript#2091 (TextDecoder without {stream: true}), musistudio/claude-code-router#1672',
    notes: 'Synthetic, in llama.cpp’s chunk style (raw UTF-8, incremental arguments). The split points are chosen inside 读 and 日. Timings illustrative.',
    server: 'llama.cpp llama-server --jinja (OpenAI-compatible), style',
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
  const c = new ChatChunks({ id: `chatcmpl-${rng.alnum(32)}`, created: 1758869401, model, systemFingerprint: 'b6532-1d4b3c7e', roleOnEveryDelta: false });
  w.req(0, 0, {
    model,
    messages: [{ role: 'user', content: '日期格式的说明在哪里?读一下。' }],
    tools: chatTools(['read_file']),
    stream: true,
  });
  const events = [
    c.text(''),
    c.text('我先'),
    c.text('读一下'),
    c.text('说明文档。'),
    c.callStart(0, rng.alnum(32), 'read_file'),
    c.callArgs(0, '{"path": "docs/'),
    c.callArgs(0, '日期格式.md"}'),
    c.finish('tool_calls', undefined),
    c.done(),
  ];
  const times = spread(rng, 233.1, 980.4, events.length + 2, 0.5);
  let ti = 0;
  const splitInside: Record<number, string> = { 2: '读', 6: '日' };
  events.forEach((ev, i) => {
    const bytes = encodeUtf8(ev);
    const ch = splitInside[i];
    if (ch === undefined) {
      w.bytes(times[ti++] ?? 0, bytes);
      return;
    }
    const at = indexOfBytes(bytes, encodeUtf8(ch));
    if (at < 0) throw new Error(`utf8-split: ${ch} not found in event ${i}`);
    w.bytes(times[ti++] ?? 0, bytes.slice(0, at + 1));
    w.bytes(times[ti++] ?? 0, bytes.slice(at + 1));
  });
  w.end((times[times.length - 1] ?? 0) + 0.5, 'complete');
  return { id: 'utf8-split', group: 'failure', title, summary, jsonl: w.toJsonl() };
}

export function buildCrlfSplit(): Built {
  const rng = seeded(9002);
  const model = 'llama-3.3-70b-versatile';
  const title = { zh: 'CRLF 分帧,CR 与 LF 被分块切开', en: 'CRLF framing with a CR/LF pair split across chunks' };
  const summary = {
    zh: '网关用 CRLF 分帧(data: …\\r\\n\\r\\n),而且有两处网络分块切在 \\r 与 \\n 之间。只按 "\\n\\n" 切事件的手写解析器一个事件也收不到;把孤立的 \\r 当成换行、再把 \\n 当成空行的解析器会提前派发。按 WHATWG 规则处理(行尾可以是 CRLF、LF 或 CR,结尾的 CR 等下一块)就没事:调用整段到达,各策略都成功。',
    en: 'A gateway frames events with CRLF (data: …\\r\\n\\r\\n), and two network chunks end between a \\r and its \\n. A hand-written parser that splits on "\\n\\n" receives no event at all; one that takes a lone \\r as a line end and then the \\n as a blank line dispatches early. Following the WHATWG rules (a line ends with CRLF, LF or CR; a trailing CR waits for the next chunk) it is fine: the call arrives whole and every strategy succeeds.',
  };
  const w = failureWriter({
    title,
    summary,
    wire: 'openai-chat',
    issues: 'hey-api/openapi-ts#3054, a2aproject/a2a-js#714, praxis-proxy/praxis#739 (CRLF framing, CRLF split across chunks)',
    notes: 'Synthetic: an OpenAI-compatible gateway in front of a server that sends whole calls (Groq style), rewriting line ends to CRLF. Timings illustrative.',
    server: 'OpenAI-compatible gateway with CRLF framing (synthetic)',
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
  const c = new ChatChunks({ id: `chatcmpl-${rng.uuid()}`, created: 1758869501, model, systemFingerprint: 'fp_3f39b6c8a1', roleOnEveryDelta: false });
  w.req(0, 0, {
    model,
    messages: [{ role: 'user', content: 'Read the parseDate test.' }],
    tools: chatTools(['read_file']),
    stream: true,
  });
  const crlf = (s: string) => s.replace(/\n/g, '\r\n');
  const events = [
    c.text(''),
    c.text('Reading the test.'),
    c.wholeCall(0, `call_${rng.alnum(24)}`, 'read_file', '{"path":"test/parseDate.test.js"}'),
    c.finish('tool_calls', undefined),
    c.done(),
  ].map(crlf);
  const whole = events.join('');
  // Cut points: inside event 1's terminating blank line (after its CR), and between the CR and LF ending event 2's data line.
  const e1End = events[0]!.length + events[1]!.length;
  const e2DataEnd = e1End + events[2]!.indexOf('\r\n') + 1;
  const cuts = [events[0]!.length, e1End - 1, e2DataEnd, e1End + events[2]!.length, whole.length - events[4]!.length, whole.length];
  const times = spread(rng, 188.2, 611.9, cuts.length, 0.5);
  let from = 0;
  cuts.forEach((to, i) => {
    w.chunk(times[i] ?? 0, whole.slice(from, to));
    from = to;
  });
  w.end((times[times.length - 1] ?? 0) + 0.4, 'complete');
  return { id: 'crlf-split', group: 'failure', title, summary, jsonl: w.toJsonl() };
}
