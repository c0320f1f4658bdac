// The provenance notes of the shipped recordings, in both languages, keyed 'provenance.notes.<recording id>'.
// The English text is the recording header's own `provenance.notes` (a test keeps the two the same); a file the
// user opens shows its header's notes as they are. Entries for recordings this build does not ship are harmless.
const en = {
    "provenance.notes.gemini-cut-mid-arguments": "Field names follow the documentation; where the cut falls and the timings are chosen for the lesson.",
    "provenance.notes.gemini-streamed-args": "Field names and part order follow the documentation; the task, texts and timings are made up.",
    "provenance.notes.gemini-streamed-nested": "Field names and part order follow the documentation; the task, paths, texts and timings are made up.",
    "provenance.notes.ptc-message-start": "Synthetic: the event shapes follow the documentation and the issue (whole tool_use blocks with a caller inside message_start, stop_reason there, then only message_stop); the task, ids, inputs, token counts and all timings are made up.",
    "provenance.notes.agent-run": "Exact (published): 9 turns; turns 1-6 have 4 frames with the first frame between 323 and 519 ms; turn 7 has 108 frames, streams text, then 885.8 ms with no frame, then an empty delta with finish_reason tool_calls and no call; turns 8-9 have 4 frames with the first frame after about 1 s; prompt tokens add up to 15,921 and the last turn’s are 2,389. Filled in: every other time, the tools called and their arguments, the tool results and durations, turn 7’s text, the per-turn token split, ids.",
    "provenance.notes.anthropic-docs": "Event shapes and order follow the documentation; the tools, paths, ids, token counts and all timings are illustrative (the documentation has no timing).",
    "provenance.notes.content-before-call": "Synthetic, in vLLM’s chunk style (role only on the first delta, incremental arguments, usage chunk). Timings illustrative.",
    "provenance.notes.crlf-split": "Synthetic: an OpenAI-compatible gateway in front of a server that sends whole calls (Groq style), rewriting line ends to CRLF. Timings illustrative.",
    "provenance.notes.cut-mid-arguments": "Synthetic: a translating proxy that maps a length stop to max_tokens and forgets to close the open block. Timings illustrative.",
    "provenance.notes.fine-grained-invalid-json": "Synthetic, following the fine-grained tool streaming documentation’s warning that a max_tokens stop can leave invalid JSON. Timings illustrative.",
    "provenance.notes.finish-without-call": "Synthetic, in vLLM’s chunk style; the agent-run lesson recording shows the same thing on mlx_lm.server (turn 7). Timings illustrative.",
    "provenance.notes.interleaved-chat": "Synthetic, in OpenAI’s chunk style; Chat allows interleaving because every fragment names its index. Timings illustrative.",
    "provenance.notes.overloaded-mid-stream": "The error event is the documentation’s; where it falls (inside the second tool_use block) and the timings are chosen for the lesson.",
    "provenance.notes.parallel-probe": "Exact (published): 6 frames; first frame 323.8 ms and last frame 547.3 ms after the request; two read_file calls, each whole in one frame with index 0 and 1; role on every delta; finish_reason tool_calls; data: [DONE]. Filled in: the times of frames 2-5, the file paths, the call ids (uuids, in the server’s format), the chunk id and created time, the \"\\n\" content frame between the calls (what Qwen3 emits between two <tool_call> blocks), the usage chunk and its token counts.",
    "provenance.notes.responses-docs": "Event shapes and order follow the guide; the tools, paths, ids, token counts and all timings are illustrative.",
    "provenance.notes.responses-no-done": "Synthetic, in the documented Responses event shapes. Timings illustrative.",
    "provenance.notes.reused-index": "Synthetic, in Ollama’s chunk style (role on every delta, whole calls). Timings illustrative.",
    "provenance.notes.thinking-turn": "Exact (published): 706 frames; first frame (reasoning) at 125.9 ms; first text at 6,631 ms; the tool call at 6,798 ms. Filled in: the reasoning and text themselves, every other frame time, the field carrying reasoning (delta.reasoning, as mlx_lm.server with a reasoning parser sends it), the call and its id, token counts.",
    "provenance.notes.utf8-split": "Synthetic, in llama.cpp’s chunk style (raw UTF-8, incremental arguments). The split points are chosen inside 读 and 日. Timings illustrative.",
};

export const provenanceNotes = {
  en,
  zh: {
    "provenance.notes.gemini-cut-mid-arguments": "字段名照文档;切断的位置和时间是为课程选定的。",
    "provenance.notes.gemini-streamed-args": "字段名和 part 的顺序照文档;任务、文字和时间都是编的。",
    "provenance.notes.gemini-streamed-nested": "字段名和 part 的顺序照文档;任务、路径、文字和时间都是编的。",
    "provenance.notes.ptc-message-start": "合成的:事件形状照文档和那个 issue(message_start 里就带着完整的 tool_use 块和 caller,stop_reason 也在那里,之后只有 message_stop);任务、id、输入、token 数和全部时间都是编的。",
    "provenance.notes.agent-run": "公布的确切数字:9 轮;第 1-6 轮各 4 帧,首帧在 323 到 519 ms 之间;第 7 轮 108 帧,先流出正文,接着 885.8 ms 没有一帧,然后是一个带 finish_reason tool_calls 的空 delta,却没有调用;第 8-9 轮各 4 帧,首帧约 1 秒之后;提示词 token 合计 15,921,最后一轮 2,389。补全的部分:其余时间、调用的工具及其参数、工具结果与耗时、第 7 轮的正文、每轮的 token 拆分、各种 id。",
    "provenance.notes.anthropic-docs": "事件的形状和顺序照文档;工具、路径、id、token 数和全部时间都是示意(文档里没有时间)。",
    "provenance.notes.content-before-call": "合成的,按 vLLM 的 chunk 风格(只有第一个 delta 带 role、参数增量到达、有 usage chunk)。时间是示意。",
    "provenance.notes.crlf-split": "合成的:一个 OpenAI 兼容网关,挡在一次发出完整调用的服务端(Groq 风格)前面,把行尾改写成 CRLF。时间是示意。",
    "provenance.notes.cut-mid-arguments": "合成的:一个转换代理把长度截断映射成 max_tokens,却忘了关闭还开着的块。时间是示意。",
    "provenance.notes.fine-grained-invalid-json": "合成的,依据细粒度工具流式文档的警告:max_tokens 截断可能留下不合法的 JSON。时间是示意。",
    "provenance.notes.finish-without-call": "合成的,按 vLLM 的 chunk 风格;课程的 agent-run 录制在 mlx_lm.server 上也出现了同样的情况(第 7 轮)。时间是示意。",
    "provenance.notes.interleaved-chat": "合成的,按 OpenAI 的 chunk 风格;Chat 允许交错,因为每个片段都写明自己的 index。时间是示意。",
    "provenance.notes.overloaded-mid-stream": "错误事件取自文档;它出现的位置(第二个 tool_use 块中间)和时间是为课程选定的。",
    "provenance.notes.parallel-probe": "公布的确切数字:6 帧;请求后首帧 323.8 ms、末帧 547.3 ms;两个 read_file 调用,各在一帧里整段到达,index 为 0 和 1;每个 delta 都带 role;finish_reason tool_calls;data: [DONE]。补全的部分:第 2-5 帧的时间、文件路径、调用 id(服务端格式的 uuid)、chunk id 与 created 时间、两个调用之间的 \"\\n\" 正文帧(Qwen3 在两个 <tool_call> 块之间输出的内容)、usage chunk 及其 token 数。",
    "provenance.notes.responses-docs": "事件的形状和顺序照指南;工具、路径、id、token 数和全部时间都是示意。",
    "provenance.notes.responses-no-done": "合成的,用文档里的 Responses 事件形状。时间是示意。",
    "provenance.notes.reused-index": "合成的,按 Ollama 的 chunk 风格(每个 delta 都带 role、调用整段到达)。时间是示意。",
    "provenance.notes.thinking-turn": "公布的确切数字:706 帧;首帧(思考)在 125.9 ms;第一段正文在 6,631 ms;工具调用在 6,798 ms。补全的部分:思考和正文的内容、其余各帧的时间、承载思考的字段(delta.reasoning,即 mlx_lm.server 开了 reasoning parser 时的发法)、调用及其 id、token 数。",
    "provenance.notes.utf8-split": "合成的,按 llama.cpp 的 chunk 风格(原样 UTF-8、参数增量到达)。切分点选在「读」和「日」的中间。时间是示意。",
  } satisfies Record<keyof typeof en, string>,
};
