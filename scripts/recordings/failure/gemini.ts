/**
 * Gemini 3 streamed function-call arguments (`streamFunctionCallArguments`): two valid runs and one cut mid-arguments.
 *
 * Contract: built from the documented fields (FunctionCall.partialArgs / willContinue, PartialArg.jsonPath and its
 * typed values) and the part order the Vercel AI SDK's google provider handles: a `functionCall` with a name and
 * `willContinue: true`, parts whose `partialArgs` carry leaf values by JSON path (a string continued while its
 * entry says `willContinue`), then an empty `functionCall: {}` closing it; a call with no arguments comes whole,
 * with only its name. Ids, texts and timings are made up. In the valid runs per-call-buffer and the preview get
 * every call at its closing part; completed-item misses the streamed ones (only whole parts are complete items);
 * fragments alone never parse. In the cut run finishReason MAX_TOKENS arrives while a string is still open.
 */
import { seeded } from '../lib/rng';
import { dataEvent } from '../lib/wire';
import { layOut } from '../lib/failure-kit';
import { RecordingWriter, type StrategyExpect } from '../lib/recording';
import type { Localized } from '../../../src/core/types';
import type { Built } from '../lib/built';

const MODEL = 'gemini-3-flash-preview';
const SERVER = 'Vertex AI streamGenerateContent?alt=sse with streamFunctionCallArguments (synthetic)';
const SOURCE =
  'built from the Gemini FunctionCall.partialArgs / willContinue and PartialArg documentation (googleapis js-genai and python-genai types) and the part order the Vercel AI SDK google provider assembles';

function writer(title: Localized, summary: Localized, notes: string, expect: StrategyExpect): RecordingWriter {
  return new RecordingWriter({
    title,
    description: summary,
    wire: 'gemini',
    provenance: { kind: 'docs', source: SOURCE, notes },
    server: SERVER,
    model: MODEL,
    expect,
  });
}

type Part = Record<string, unknown>;

class GeminiChunks {
  constructor(private readonly responseId: string) {}

  chunk(parts: Part[], extra: Record<string, unknown> = {}, usage: Record<string, unknown> = { trafficType: 'ON_DEMAND' }): string {
    return dataEvent(JSON.stringify({ candidates: [{ content: { role: 'model', parts }, ...extra }], usageMetadata: usage, modelVersion: MODEL, responseId: this.responseId }));
  }
  start(name: string): string {
    return this.chunk([{ functionCall: { name, willContinue: true } }]);
  }
  partial(entries: Record<string, unknown>[]): string {
    return this.chunk([{ functionCall: { partialArgs: entries, willContinue: true } }]);
  }
  /** A string value in pieces: each piece continues, an empty closing entry ends it. */
  stringPieces(path: string, pieces: string[]): string[] {
    return [...pieces.map((p) => this.partial([{ jsonPath: path, stringValue: p, willContinue: true }])), this.partial([{ jsonPath: path, stringValue: '' }])];
  }
  close(): string {
    return this.chunk([{ functionCall: {} }]);
  }
  stop(reason: string, prompt: number, out: number, thoughts: number): string {
    return this.chunk([{ text: '' }], { finishReason: reason }, { promptTokenCount: prompt, candidatesTokenCount: out, thoughtsTokenCount: thoughts, totalTokenCount: prompt + out + thoughts, trafficType: 'ON_DEMAND' });
  }
}

const geminiTools = (names: string[]) => [{ functionDeclarations: names.map((name) => ({ name })) }];
const request = (text: string, tools: string[]) => ({
  contents: [{ role: 'user', parts: [{ text }] }],
  tools: geminiTools(tools),
  toolConfig: { functionCallingConfig: { mode: 'AUTO', streamFunctionCallArguments: true } },
});

const VALID: StrategyExpect = {
  'parse-each-fragment': 'fail',
  'shared-buffer': 'fail',
  'per-call-buffer': 'ok',
  'completed-item': 'fail',
  'partial-json-preview': 'ok',
  'next-index-closes': 'n/a',
};

const CODE = 'export function parseDate(text) {\n  const m = /^(\\d{4})-(\\d{2})-(\\d{2})$/.exec(text);\n  return m ? new Date(Date.UTC(+m[1], m[2] - 1, +m[3])) : null;\n}\n';

function writeFileEvents(g: GeminiChunks, cut: boolean): string[] {
  const parts = [CODE.slice(0, 34), CODE.slice(34, 90), CODE.slice(90, 140), CODE.slice(140)];
  const events = [g.start('write_file'), ...g.stringPieces('$.path', ['src/parse', 'Date.js'])];
  if (cut) return [...events, ...parts.slice(0, 2).map((p) => g.partial([{ jsonPath: '$.content', stringValue: p, willContinue: true }]))];
  return [...events, ...g.stringPieces('$.content', parts), g.close()];
}

export function buildGeminiStreamedArgs(): Built {
  const rng = seeded(12021);
  const title = { zh: 'Gemini 3 流式函数参数(partialArgs)', en: 'Gemini 3 streamed function-call arguments (partialArgs)' };
  const summary = {
    zh: '开了 streamFunctionCallArguments:write_file 先只来名字和 willContinue: true,参数按 JSON 路径($.path、$.content)一段段以 partialArgs 到达,最后一个空的 functionCall 收尾;接着 run_tests 没有参数,整段只带名字。把每个部件都当作完整调用的旧读法,每个部件都得到一个空参数的调用,大多没有名字;按调用累积(每个逻辑调用一个缓冲)才得到 SDK 拼出的两个调用。按文档字段构造,不是真实录制。',
    en: 'With streamFunctionCallArguments on, write_file first comes as a name with willContinue: true; its arguments arrive as partialArgs by JSON path ($.path, $.content), piece by piece, and an empty functionCall closes it; then run_tests comes whole with only its name (no arguments). The old reading (every part is a whole call) gets one empty-argument call per part, most of them without a name; one buffer per logical call gets the two calls the SDK assembles. Built from the documented fields; not a capture.',
  };
  const w = writer(title, summary, 'Field names and part order follow the documentation; the task, texts and timings are made up.', VALID);
  const g = new GeminiChunks(rng.alnum(22));
  w.req(0, 0, request('Rewrite src/parseDate.js to return null for bad input, then run the tests.', ['write_file', 'run_tests']));
  const events = [
    g.chunk([{ text: 'Rewriting the parser first.', thought: true }]),
    ...writeFileEvents(g, false),
    g.chunk([{ functionCall: { name: 'run_tests' } }]),
    g.stop('STOP', 212, 96, 140),
  ];
  layOut(w, rng, events, 611.2, 1840.6);
  w.end(1841.0, 'complete');
  return { id: 'gemini-streamed-args', group: 'failure', title, summary, jsonl: w.toJsonl() };
}

function editEvents(g: GeminiChunks): string[] {
  return [
    g.start('apply_edits'),
    ...g.stringPieces('$.path', ['src/parseDate.js']),
    ...g.stringPieces('$.edits[0].find', ['return m ? ', 'new Date(']),
    ...g.stringPieces('$.edits[0].replace', ['if (!m) return null;\n  ', 'return new Date(']),
    g.partial([{ jsonPath: '$.edits[0].line', numberValue: 3 }]),
    g.chunk([{ functionCall: { willContinue: true } }]),
    ...g.stringPieces('$.edits[1].find', ['+m[3]']),
    ...g.stringPieces('$.edits[1].replace', ['Number(m[3])']),
    g.partial([{ jsonPath: '$.edits[1].line', numberValue: 3 }, { jsonPath: '$.dryRun', boolValue: false }]),
    g.close(),
  ];
}

export function buildGeminiStreamedNested(): Built {
  const rng = seeded(12022);
  const title = { zh: 'Gemini 3 流式参数:嵌套路径与连续两个调用(2 轮)', en: 'Gemini 3 streamed arguments: nested paths, then two calls in a row (2 turns)' };
  const summary = {
    zh: '第 1 轮:apply_edits 的参数按 $.edits[0].find、$.edits[1].line 这样的嵌套路径流式到达,有字符串、数字和布尔值,中间夹一个只说 willContinue 的部件。第 2 轮:两个 read_file 依次流式到达,各自以空的 functionCall 收尾。SDK 每个逻辑调用得到一个调用、保留名字、合并参数;按调用累积也一样。按文档字段构造,不是真实录制。',
    en: 'Turn 1: apply_edits streams its arguments by nested paths such as $.edits[0].find and $.edits[1].line, with strings, numbers and a boolean, and one part that only says willContinue. Turn 2: two read_file calls stream one after the other, each closed by an empty functionCall. The SDK gets one call per logical call, the name kept and the arguments merged; so do per-call buffers. Built from the documented fields; not a capture.',
  };
  const w = writer(title, summary, 'Field names and part order follow the documentation; the task, paths, texts and timings are made up.', VALID);
  const g1 = new GeminiChunks(rng.alnum(22));
  w.req(0, 0, request('Fix the month offset in src/parseDate.js.', ['apply_edits', 'read_file']));
  layOut(w, rng, [...editEvents(g1), g1.stop('STOP', 180, 72, 95)], 702.4, 1630.9);
  w.end(1631.5, 'complete');
  const g2 = new GeminiChunks(rng.alnum(22));
  w.req(1790.0, 1, request('Now read the file and its test.', ['apply_edits', 'read_file']));
  const events = [
    g2.start('read_file'),
    ...g2.stringPieces('$.path', ['src/parse', 'Date.js']),
    g2.close(),
    g2.start('read_file'),
    ...g2.stringPieces('$.path', ['test/parse', 'Date.test.js']),
    g2.close(),
    g2.stop('STOP', 260, 40, 61),
  ];
  layOut(w, rng, events, 2301.7, 2820.2);
  w.end(2820.8, 'complete');
  return { id: 'gemini-streamed-nested', group: 'failure', title, summary, jsonl: w.toJsonl() };
}

export function buildGeminiCutMidArguments(): Built {
  const rng = seeded(12023);
  const title = { zh: 'Gemini 3 流式参数写到一半:MAX_TOKENS', en: 'Gemini 3 streamed arguments cut off: MAX_TOKENS' };
  const summary = {
    zh: 'write_file 的 $.content 还在 willContinue 的时候,来了 finishReason: MAX_TOKENS,收尾的空 functionCall 再也没来。这个调用从没结束:时间线标出「调用被截断」,所有策略都失败——按字段合并出来的对象看上去完整,却不能执行。按文档字段构造,不是真实录制。',
    en: 'While write_file’s $.content is still marked willContinue, finishReason: MAX_TOKENS arrives and the closing empty functionCall never comes. The call never ended: the timeline names it call-cut-off and every strategy fails; the object merged from the fields looks whole but must not be run. Built from the documented fields; not a capture.',
  };
  const w = writer(title, summary, 'Field names follow the documentation; where the cut falls and the timings are chosen for the lesson.', {
    'parse-each-fragment': 'fail',
    'shared-buffer': 'fail',
    'per-call-buffer': 'fail',
    'completed-item': 'fail',
    'partial-json-preview': 'fail',
    'next-index-closes': 'n/a',
  });
  const g = new GeminiChunks(rng.alnum(22));
  w.req(0, 0, { ...request('Rewrite src/parseDate.js.', ['write_file']), generationConfig: { maxOutputTokens: 64 } });
  layOut(w, rng, [...writeFileEvents(g, true), g.stop('MAX_TOKENS', 150, 64, 0)], 655.0, 1402.3);
  w.end(1402.9, 'complete');
  return { id: 'gemini-cut-mid-arguments', group: 'failure', title, summary, jsonl: w.toJsonl() };
}
