// The 'load' area in Chinese: a sentence for each issue and failure code the loaders have (typed complete against
// their codes: a code added to core/load without its Chinese is a compile error). Keys: ../loadCatalog.ts. The words
// of a damaged store of kept files are typed complete against ../load.ts's storeEn.
import type { FailureCode, IssueTemplateId } from '../../../core/load/messages';
import { loadCatalog, type LoadWords } from '../loadCatalog';
import type { storeEn } from '../load';

const words: LoadWords = {
  types: { null: '空值 null', array: '数组', object: '对象', string: '字符串', number: '数字', boolean: '布尔值', undefined: '缺失值' },
  extra: { 'wire-not-detected': '无法识别线路格式；按 openai-chat 读取' },
  frames: { at: '第 {line} 行（字节 {byte}）：{detail}', notice: '无法读取 {name}：', noticeAt: '无法读取 {name}：第 {line} 行（字节 {byte}）：' },
};

const ISSUE_ZH: Record<IssueTemplateId, string> = {
  'bad-json': '不是 JSON，已跳过此行：{error}',
  'bad-event-shape': '应为事件 [timeMs, "code", data]，实际为{type}；已跳过此行',
  'bad-time': '时间是{type} {value}，应为有限的毫秒数；已跳过此行',
  'bad-event-data.chunk': '"chunk" 的数据是{type}，应为字符串',
  'bad-event-data.bytes': '"bytes" 的数据是{type}，应为 base64 字符串',
  'bad-event-data.end': '"end" 需要 {"status": "complete" | "aborted" | "error"}，实际为{type}',
  'bad-event-data.final': '"final" 需要 {"turn": n, "message": {...}}，实际为{type}',
  'bad-event-data.tool': '"tool" 需要 {"turn": n, "callId": "...", "name": "...", "durationMs": n}',
  'bad-event-data.tool-duration': '"tool" 的 durationMs 是{type}，应为不小于 0 的有限数字',
  'bad-event-data.mark': '"mark" 需要 {"zh": "...", "en": "..."}，实际为{type}',
  'bad-base64.padding': '"bytes" 的数据不是合法的 base64：位置 {at} 的填充符 "=" 不在 4 字符一组的末尾',
  'bad-base64.length': '"bytes" 的数据不是合法的 base64：{count} 个字符无法编码成整数个字节',
  'bad-base64.char': '"bytes" 的数据不是合法的 base64：位置 {at} 的字符 {char} 不属于 base64',
  'bad-header-field.localized': '已忽略头部字段 "{field}"：应为 {"zh": "...", "en": "..."}，实际为{type}',
  'bad-header-field.one-of': '已忽略头部字段 "{field}"：{value} 不在 {allowed} 之中',
  'bad-header-field.provenance': '已忽略头部字段 "{field}"：provenance 是{type}，不是对象',
  'bad-header-field.provenance-kind': '已忽略头部字段 "{field}"：provenance.kind {value} 不在 {allowed} 之中',
  'bad-header-field.expected': '已忽略头部字段 "{field}"：应为{expected}，实际为{type}',
  'bad-header-field.unnamed-tool': '已忽略头部字段 "{field}"：有 {count} 个条目没有字符串类型的 "name"',
  'bad-header-field.unnamed-tools': '已忽略头部字段 "{field}"：有 {count} 个条目没有字符串类型的 "name"',
  'unknown-event-code': '已忽略未知的事件代码 {event}（之后带这个代码的行也一样）',
  'implicit-turn': '"{event}" 出现在任何 "req" 之前：从 0 ms 开始第 0 轮',
  'unknown-turn': '"{event}" 指向第 {turn} 轮，但它之前没有对应的 "req"',
  'turn-number-mismatch': '"req" 写的是第 {turn} 轮，但按顺序它是第 {index} 个请求；按 {index} 处理',
  'no-turns': '这份录制既没有 "req" 也没有 "chunk"：没有可回放的内容',
  'har-approximate-timing': 'HAR 不保存逐块的时间：每一轮的事件均匀分布在收到的第一个字节和最后一个字节之间',
  'har-bad-entry.started': 'HAR 条目 {entry}："startedDateTime" 是{type}，不是日期；它的请求放在 0 ms',
  'har-bad-entry.padding': 'HAR 条目 {entry}：base64 响应体无效（位置 {at} 的填充符 "=" 不在 4 字符一组的末尾）；这一轮没有数据块',
  'har-bad-entry.length': 'HAR 条目 {entry}：base64 响应体无效（{count} 个字符无法编码成整数个字节）；这一轮没有数据块',
  'har-bad-entry.char': 'HAR 条目 {entry}：base64 响应体无效（位置 {at} 的字符 {char} 不属于 base64）；这一轮没有数据块',
  'har-empty-body': 'HAR 条目 {entry}：HAR 里这个 event-stream 响应没有正文',
  'ndjson-bad-line.not-json': '不是 JSON，已跳过此行：{error}',
  'ndjson-bad-line.not-container': '应为 JSON 对象或数组，实际为{type}；已跳过此行',
  'sse-unusual-start': '因为文件名而按 SSE 文本读取，但第一行以 {start} 开头，既不是字段也不是注释',
};

const FAILURE_ZH: Record<FailureCode, string> = {
  empty: '文件是空的',
  'jsonl-empty': '文件是空的（第一行应为头部 {"streamscope": 1, ...}）',
  'unknown-format': '既不是 Streamscope 录制，也不是 SSE 文本、HAR 或 NDJSON：第一行以 {start} 开头',
  internal: '读取文件时出错：{error}',
  'header-missing': '缺少头部：第 1 行是事件 [timeMs, code, data]，而不是 {"streamscope": 1, ...}',
  'line1-not-header': '第 1 行是{type}，不是录制头部 {"streamscope": 1, ...}',
  'har-not-json': 'HAR 文件不是 JSON：{error}',
  'json-too-large': '文件是一整个 {size} 字节的 JSON 文档（第 1 行不是录制头部），太大，无法整体读取：请改存为 .jsonl 录制或 SSE 文本',
  'header-not-json': '头部不是 JSON：{error}',
  'json-not-recording': '文件是一整个 JSON 文档（{type}），但既不是 HAR（没有 "log.entries"），也不是录制（第 1 行不是 {"streamscope": 1, ...}）',
  'header-not-object': '头部是{type}，不是带有 "streamscope": 1 的对象',
  'header-no-version': '头部没有 "streamscope" 字段（应为 "streamscope": 1）',
  'header-newer-version': '这是 Streamscope 录制格式第 {version} 版；本应用读取第 1 版',
  'header-bad-version': '"streamscope" 是 {value}，应为 1',
  'har-no-entries': 'HAR："log.entries" 缺失或不是数组',
  'har-no-stream': 'HAR：它的 {count} 个条目里没有一个是 "text/event-stream" 响应，没有可回放的流',
  utf16: '文件是 UTF-16 {endian} 文本，不是 UTF-8：请先转换成 UTF-8（例如 iconv -f UTF-16 -t UTF-8）',
  utf32: '文件是 UTF-32 {endian} 文本，不是 UTF-8：请先转换成 UTF-8（例如 iconv -f UTF-32 -t UTF-8）',
  gzip: '文件经过 gzip 压缩：请先解压（gunzip），再打开解压后的文件',
  zip: '文件是 zip 压缩包：请先从中解出录制文件',
  pdf: '文件是 PDF 文档，不是录制，也不是 SSE 文本',
  png: '文件是 PNG 图片，不是录制，也不是 SSE 文本',
  binary: '文件是二进制数据，不是文本：前 {sample} 个字节里有 {count} 个是 NUL、控制字节或无效的 UTF-8（第一个在字节 {at}）',
};

const STORE_ZH: Record<keyof typeof storeEn, string> = {
  'files.damaged': '本浏览器中保存的「{name}」不是本页面保存的文件（其条目已损坏），已跳过。你的其他文件都还在。可用“移除此文件”将它删除。',
  'files.store.newer': '本浏览器中保存的文件是由更新版本的 Streamscope 保存的（存储版本 {found}；本页面读取版本 {reads}），因此不在此列出。重置存储后即可用本页面保存文件：这会删除其中保存的文件。',
  'files.store.unreadable': '无法读取本浏览器中保存的文件：其存储的结构与本页面创建的不同。重置存储后即可再次保存文件：这会删除其中保存的内容。',
  'files.store.reset': '重置存储',
  'files.store.resetDone': '已重置保存文件的存储：现在是空的。',
};

export const zh = { ...loadCatalog(words, ISSUE_ZH, FAILURE_ZH), ...STORE_ZH };
