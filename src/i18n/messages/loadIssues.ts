// The words for problems met while reading a readable file (a bad line skipped, approximate timing...): the list
// under the provenance badge (ui/shell/LoadIssues.tsx), which only a file with such problems loads, so these
// strings stay out of the first page's chunk; LoadIssues.tsx registers this area at its module's top level. Keys
// 'app.issue.<code>' (a problem's kind, from core/load's issue codes) and 'app.issues.*' (the list's own words).
const en = {
  'app.issues.summary': 'This file was read with {count:# problem|# problems}: the affected lines were skipped',
  'app.issue.bad-json': 'A line is not JSON',
  'app.issue.bad-event-shape': 'An event line is not [time, code, data]',
  'app.issue.bad-time': 'An event time is not a number',
  'app.issue.bad-event-data': 'An event carries data of the wrong shape',
  'app.issue.bad-base64': 'A bytes event is not valid base64',
  'app.issue.bad-header-field': 'A header field was ignored',
  'app.issue.unknown-event-code': 'An unknown event code was ignored',
  'app.issue.implicit-turn': 'Bytes arrived before any request: turn 1 starts at 0 ms',
  'app.issue.unknown-turn': 'An event names a turn that does not exist',
  'app.issue.turn-number-mismatch': 'A request numbers its turn differently from its position',
  'app.issue.no-turns': 'The file holds no turn',
  'app.issue.har-approximate-timing': 'HAR has no per-chunk times: frames are spread over the entry’s receive time',
  'app.issue.har-bad-entry': 'A HAR entry was skipped',
  'app.issue.har-empty-body': 'A HAR entry has an empty body',
  'app.issue.ndjson-bad-line': 'An NDJSON line was skipped',
  'app.issue.sse-unusual-start': 'The text does not start like an SSE stream',
  'app.issue.wire-not-detected': 'The wire format could not be recognised',
  'app.issues.more': '…and {count} more',
};

export const loadIssues = {
  en,
  zh: {
    'app.issues.summary': '读取此文件时遇到 {count} 个问题：有问题的行已跳过',
    'app.issue.bad-json': '有一行不是 JSON',
    'app.issue.bad-event-shape': '有一行事件不是 [time, code, data] 的形状',
    'app.issue.bad-time': '有一个事件时间不是数字',
    'app.issue.bad-event-data': '有一个事件的数据形状不对',
    'app.issue.bad-base64': '有一个 bytes 事件不是合法的 base64',
    'app.issue.bad-header-field': '忽略了头部的一个字段',
    'app.issue.unknown-event-code': '忽略了一个未知的事件代码',
    'app.issue.implicit-turn': '请求之前就收到了字节：第 1 轮从 0 ms 开始',
    'app.issue.unknown-turn': '有一个事件指向不存在的轮次',
    'app.issue.turn-number-mismatch': '有一个请求的轮次编号与顺序不符',
    'app.issue.no-turns': '文件里没有任何一轮',
    'app.issue.har-approximate-timing': 'HAR 没有逐块时间：帧按该条目的接收时间均匀摊开',
    'app.issue.har-bad-entry': '跳过了一个 HAR 条目',
    'app.issue.har-empty-body': '有一个 HAR 条目的响应体为空',
    'app.issue.ndjson-bad-line': '跳过了一行 NDJSON',
    'app.issue.sse-unusual-start': '这段文本的开头不像 SSE 流',
    'app.issue.wire-not-detected': '无法识别线路格式',
    'app.issues.more': '……另有 {count} 个',
  } satisfies Record<keyof typeof en, string>,
};
