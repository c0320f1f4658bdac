// The Chinese of the 'facts' area: every key of ../facts.ts (a missing or extra key is a compile error).
import type { en } from '../facts';

export const zh = {
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
  'strategy.yours.label': '你的策略',
  'strategy.yours.explain': '你在练习编辑器里写的 assemble(events, out),在沙箱里对录制的每一轮运行。',

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
  'na.no-code': '你的策略还没有运行:在练习编辑器里写好 assemble(events, out),再按「运行」。',
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
} satisfies Record<keyof typeof en, string>;
