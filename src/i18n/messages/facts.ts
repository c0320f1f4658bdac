// User-facing strings for what the core computes: strategy labels and explanations, n/a reasons, anomaly names,
// verdicts and the conclusion line's sentences. Keys are flat: 'strategy.<id>.label' / '.explain',
// 'na.<strategy>.<reason>' (as core's registry names them), 'anomaly.<code>', 'verdict.<v>', 'reason.<reason>', 'conclusion.*'.
// The strategy labels are part of the accessibility contract (the radios carry them): do not reword them.
const en = {
  'strategy.parse-each-fragment.label': 'Parse every fragment',
  'strategy.parse-each-fragment.explain':
    'JSON.parse each argument fragment on its own as it arrives; the first success becomes the call’s arguments.',
  'strategy.shared-buffer.label': 'One shared buffer',
  'strategy.shared-buffer.explain':
    'Append every fragment of every call to one string and parse it when the stream ends.',
  'strategy.per-call-buffer.label': 'One buffer per call',
  'strategy.per-call-buffer.explain':
    'One buffer per call; parse it only when that call’s end signal arrives (content_block_stop, .done, finish_reason).',
  'strategy.completed-item.label': 'Completed items only',
  'strategy.completed-item.explain':
    'Ignore argument fragments; take calls only from events that carry a whole call (Responses output_item.done, Gemini functionCall), as Codex does.',
  'strategy.partial-json-preview.label': 'Partial JSON preview',
  'strategy.partial-json-preview.explain':
    'One buffer per call plus a best-effort partial parse after every fragment, like SDK live previews; the final parse waits for the end signal.',
  'strategy.next-index-closes.label': 'Next index closes',
  'strategy.next-index-closes.explain':
    'The OpenAI SDK heuristic: a call is complete when the next index starts or finish_reason arrives; breaks when calls interleave.',

  'na.completed-item.no-complete-items':
    'No event on this wire carries a whole call: Anthropic sends arguments only as input_json_delta fragments, and Chat Completions ends a call only with finish_reason.',
  'na.next-index-closes.chat-only':
    'The next-index heuristic is for Chat Completions streams; this wire ends each call with its own signal (content_block_stop, .done) or sends whole calls.',
  'na.generic': 'This strategy does not apply to this wire format.',
  // The same reasons told about the recording's own wire (the toggle looks up '<reason>.<wire>' first).
  'na.completed-item.no-complete-items.anthropic-messages':
    'Anthropic streams a call’s arguments as input_json_delta fragments between content_block_start and content_block_stop; the whole tool_use blocks that programmatic tool calling puts inside message_start are taken at that frame by the buffering strategies.',
  'na.completed-item.no-complete-items.openai-chat':
    'No Chat Completions chunk carries a whole call: arguments arrive as tool_calls[].function.arguments fragments, and a call ends only with finish_reason.',
  'na.next-index-closes.chat-only.anthropic-messages':
    'The next-index heuristic is for Chat Completions; Anthropic ends every call with its own content_block_stop.',
  'na.next-index-closes.chat-only.openai-responses':
    'The next-index heuristic is for Chat Completions; the Responses API ends every call with function_call_arguments.done and output_item.done.',
  'na.next-index-closes.chat-only.gemini':
    'The next-index heuristic is for Chat Completions; Gemini sends each call whole in a functionCall part (or closes a streamed one itself).',
  'na.pending': 'still being computed.',
  'na.no-frames': 'this recording has no frames (no SSE event was found in it), so there is nothing to assemble or judge.',
  'na.strategy-error': 'the strategy failed while checking whether it applies to this wire.',

  'verdict.ok': 'ok',
  'verdict.fail': 'fails',
  'verdict.n/a': 'n/a',
  'verdict.warn': 'warning',
  'reason.parse-failed': 'a parse failed',
  'reason.missing-call': 'a call the stream carried is missing',
  'reason.extra-call': 'it produced a call the stream did not carry',
  'reason.wrong-call': 'it produced a call with the wrong name or arguments',
  'reason.call-never-ended': 'a call never reached its end signal',
  'reason.invalid-arguments': 'the arguments are not valid JSON',
  'reason.unnamed-call': 'the stream carried a call with no name, which nothing can run',
  'reason.not-applicable': 'not applicable',
  'reason.no-calls': 'no tool call on this recording',

  'anomaly.finish-tool-calls-without-call': 'finish_reason tool_calls without any call',
  'anomaly.no-terminal-event': 'no terminal event',
  'anomaly.error-event': 'error event',
  'anomaly.unterminated-final-event': 'the file ends without a blank line after the last event, so that event was never dispatched (as the SSE rules say)',
  'anomaly.invalid-arguments': 'invalid arguments JSON',
  'anomaly.call-cut-off': 'the stream stopped before this call ended (no end event): its arguments are cut off',
  'anomaly.call-without-name': 'a call with an empty name',
  'anomaly.arguments-lost': 'frames carried pieces of these arguments, but they came out empty',
  'anomaly.reused-index': 'index reused for another call',
  'anomaly.unknown-event': 'unknown event',
  'anomaly.time-goes-back': 'time goes back',
  'anomaly.invalid-utf8': 'invalid UTF-8',
  'anomaly.invalid-json': 'data is not JSON',
  'anomaly.too-deep': 'arguments nest more than 1,000 levels: analysed in full, shown shortened',

  'conclusion.ok.whole': '{strategy} never failed on this recording: each call arrived whole in one frame.',
  'conclusion.ok': '{strategy} works on this recording: it produced {calls:its one call|all # calls} with valid arguments.',
  'conclusion.ok.no-calls': '{strategy}: nothing to assemble, this recording carries no tool call.',
  'conclusion.na': '{strategy} does not apply here: {reason}',
  'conclusion.pending': '{strategy}: still being computed…',
  'conclusion.fail.first-fragment':
    '{strategy} fails from the first fragment: JSON.parse({input}) at frame {frame} says “{error}”; {failed} of {attempts:# parse|# parses} failed.',
  'conclusion.fail.parse':
    '{strategy} fails at frame {frame}: JSON.parse says “{error}” because {why}. {failed} of {attempts:# parse|# parses} failed.',
  'conclusion.fail.call': '{strategy} fails on turn {turn}: {reason} (call {key}).',
  'conclusion.fail.other': '{strategy} fails on turn {turn}: {reason}.',
  'conclusion.fail.unended': '{strategy} fails on turn {turn}: {name} (key {key}) never reached its end signal before the stream stopped, so it must not be executed.',
  'conclusion.warn.no-call':
    '{strategy} assembled everything the stream carried, but turn {turn} ends with finish_reason: {reason} and no call: an agent loop that waits for that call waits forever. Check that a call arrived before waiting for its result.',
};

const zh: Record<keyof typeof en, string> = {
  'strategy.parse-each-fragment.label': '每来一段就解析',
  'strategy.parse-each-fragment.explain': '每收到一段参数就单独 JSON.parse 一次;第一次成功的结果当作调用的参数。',
  'strategy.shared-buffer.label': '共用一个缓冲',
  'strategy.shared-buffer.explain': '所有调用的每一段参数都追加到同一个字符串里,流结束时再解析。',
  'strategy.per-call-buffer.label': '每个调用一个缓冲',
  'strategy.per-call-buffer.explain':
    '每个调用一个缓冲;收到这个调用的结束信号(content_block_stop、.done、finish_reason)才解析。',
  'strategy.completed-item.label': '只收完整输出项',
  'strategy.completed-item.explain':
    '忽略参数增量,只从携带完整调用的事件里取调用(Responses 的 output_item.done、Gemini 的 functionCall),Codex 就这么做。',
  'strategy.partial-json-preview.label': '边收边预览',
  'strategy.partial-json-preview.explain':
    '每个调用一个缓冲,每来一段就尽力做一次部分解析(像 SDK 的实时预览);最终解析仍等结束信号。',
  'strategy.next-index-closes.label': '下一个 index 即结束',
  'strategy.next-index-closes.explain':
    'OpenAI SDK 的启发式:下一个 index 出现或 finish_reason 到达,就认为上一个调用结束;调用交错时会出错。',

  'na.completed-item.no-complete-items':
    '这种线路格式里没有哪个事件携带完整调用:Anthropic 的参数只以 input_json_delta 片段到达,Chat Completions 的调用只能靠 finish_reason 结束。',
  'na.next-index-closes.chat-only':
    '「下一个 index」启发式只针对 Chat Completions 流;这种线路格式用自己的信号(content_block_stop、.done)结束每个调用,或整段发送调用。',
  'na.generic': '这个策略不适用于这种线路格式。',
  'na.completed-item.no-complete-items.anthropic-messages':
    'Anthropic 的调用参数以 input_json_delta 片段流式到达,夹在 content_block_start 和 content_block_stop 之间;程序化工具调用放在 message_start 里的完整 tool_use 块,由各缓冲策略在那一帧直接拿到。',
  'na.completed-item.no-complete-items.openai-chat':
    'Chat Completions 没有哪个数据块携带完整调用:参数以 tool_calls[].function.arguments 片段到达,调用只能靠 finish_reason 结束。',
  'na.next-index-closes.chat-only.anthropic-messages':
    '「下一个 index」启发式只针对 Chat Completions;Anthropic 用各自的 content_block_stop 结束每个调用。',
  'na.next-index-closes.chat-only.openai-responses':
    '「下一个 index」启发式只针对 Chat Completions;Responses API 用 function_call_arguments.done 和 output_item.done 结束每个调用。',
  'na.next-index-closes.chat-only.gemini':
    '「下一个 index」启发式只针对 Chat Completions;Gemini 在 functionCall 部件里整段发送调用(流式的调用也由它自己收尾)。',
  'na.pending': '还在计算中。',
  'na.no-frames': '这份录制没有任何帧（里面找不到 SSE 事件），没有可拼装、可评判的内容。',
  'na.strategy-error': '这个策略在判断自己是否适用于这种线路格式时出错了。',

  'verdict.ok': '成功',
  'verdict.fail': '失败',
  'verdict.n/a': '不适用',
  'verdict.warn': '警告',
  'reason.parse-failed': '有一次解析失败',
  'reason.missing-call': '流里有的调用它没拼出来',
  'reason.extra-call': '它拼出了流里没有的调用',
  'reason.wrong-call': '它拼出的调用名称或参数不对',
  'reason.call-never-ended': '有个调用始终没等到结束信号',
  'reason.invalid-arguments': '参数不是合法 JSON',
  'reason.unnamed-call': '流里的调用没有名字,没法执行',
  'reason.not-applicable': '不适用',
  'reason.no-calls': '这份录制里没有工具调用',

  'anomaly.finish-tool-calls-without-call': 'finish_reason 为 tool_calls 却没有调用',
  'anomaly.no-terminal-event': '没有结束事件',
  'anomaly.error-event': '错误事件',
  'anomaly.unterminated-final-event': '文件在最后一个事件之后没有空行结尾,所以按 SSE 规则这个事件从未被派发',
  'anomaly.invalid-arguments': '参数 JSON 不合法',
  'anomaly.call-cut-off': '这个调用还没结束(没有结束事件)流就停了:参数被截断',
  'anomaly.call-without-name': '调用的名字是空的',
  'anomaly.arguments-lost': '有帧带来了这些参数的片段,拼出来却是空的',
  'anomaly.reused-index': '同一个 index 被另一个调用复用',
  'anomaly.unknown-event': '未知事件',
  'anomaly.time-goes-back': '时间倒退',
  'anomaly.invalid-utf8': '非法 UTF-8',
  'anomaly.invalid-json': 'data 不是 JSON',
  'anomaly.too-deep': '参数嵌套超过 1,000 层:分析完整,显示时截短',

  'conclusion.ok.whole': '「{strategy}」在这份录制上一次也没失败:每个调用都在一帧里整段到达。',
  'conclusion.ok': '「{strategy}」在这份录制上可用:{calls} 个调用全部拼出,参数都合法。',
  'conclusion.ok.no-calls': '「{strategy}」:这份录制没有工具调用,无需拼装。',
  'conclusion.na': '「{strategy}」在这里不适用:{reason}',
  'conclusion.pending': '「{strategy}」:还在计算中…',
  'conclusion.fail.first-fragment':
    '「{strategy}」从第一个片段起就失败:第 {frame} 帧 JSON.parse({input}) 报「{error}」;{attempts} 次解析中 {failed} 次失败。',
  'conclusion.fail.parse':
    '「{strategy}」在第 {frame} 帧失败:JSON.parse 报「{error}」,因为{why}。{attempts} 次解析中 {failed} 次失败。',
  'conclusion.fail.call': '「{strategy}」在第 {turn} 轮失败:{reason}(调用 {key})。',
  'conclusion.fail.other': '「{strategy}」在第 {turn} 轮失败:{reason}。',
  'conclusion.fail.unended': '「{strategy}」在第 {turn} 轮失败:流停止之前 {name}(key {key})始终没有收到结束信号,不能执行它。',
  'conclusion.warn.no-call':
    '「{strategy}」把流里有的内容都拼对了,但第 {turn} 轮以 finish_reason: {reason} 结束却没有调用:等这个调用的 agent 循环会一直等下去。等结果之前先确认真的收到了调用。',
};

export const facts = { en, zh };
