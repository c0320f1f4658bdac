// User-facing strings of the 'cli' area (this file is named for the command, since a path segment 'cli' is the CLI's
// layer): the readable summary of `npm run inspect` (src/cli/inspect-summary.ts), in both languages. Keys are flat and
// prefixed 'cli.'. Only the CLI registers this area (the app never loads it).
// Codes stay as they are in both languages (wire, strategy ids, anomaly and issue codes, verdict reasons, the
// ok / FAIL / n/a column), so a script can grep them; numbers come preformatted (no digit grouping), and a
// `{xCount:one|other}` token only picks the English plural form.
const en = {
  'cli.file': '{name}: {wire} ({source}), {frames} frames, {turns} {turnCount:turn|turns}',
  'cli.file.untimed': '{line} — no timing in this file: frames are evenly spaced',
  'cli.source.header': 'named in the header',
  'cli.source.detected': 'detected',
  'cli.noFrames': 'no frames: no SSE event was found in this file, so no strategy can be judged (all n/a)',
  'cli.provenance': 'provenance: {kind}',
  'cli.provenance.source': 'provenance: {kind} — {source}',
  'cli.issue': 'issue {code}: {message}',
  'cli.issue.at': 'issue {code} ({where}): {message}',
  'cli.where.line': 'line {line}',
  'cli.where.byte': 'byte {byte}',
  'cli.where.lineByte': 'line {line}, byte {byte}',
  'cli.turn':
    'turn {turn}: {frames} frames; first frame {firstFrame}, first reasoning {firstReasoning}, first text {firstText}, first tool call {firstToolCall}, last frame {lastFrame}; finish {finish}; longest gap {longestGap}',
  'cli.ms': '{ms} ms',
  'cli.anomaly': 'anomaly {code}',
  'cli.anomaly.frame': 'anomaly {code} at frame {frame}',
  'cli.detail': '{head}: {detail}',
  'cli.tools': 'tool runs: {count}',
  'cli.tool': '  turn {turn} → {id} {name}: {ms} ms',
  'cli.strategies': 'strategies:',
  'cli.na': '({reason})',
  'cli.na.unknown': 'not applicable',
  'cli.calls': '{calls} {callCount:call|calls}, {failed}/{attempts} parses failed',
  'cli.fail': '{calls}; first failure at {where}: {why}',
  'cli.fail.turn': 'turn {turn}',
  'cli.fail.turnFrame': 'turn {turn} frame {frame}',
  'cli.fail.input': '{error} (input {input})',
  'cli.fail.call': '{reason} (call {key})',
};

export const cli = {
  en,
  zh: {
    'cli.file': '{name}：{wire}（{source}），{frames} 帧，{turns} 轮',
    'cli.file.untimed': '{line} —— 这个文件没有时间信息：各帧按等间隔排列',
    'cli.source.header': '文件头里写明',
    'cli.source.detected': '自动识别',
    'cli.noFrames': '没有帧：这个文件里找不到 SSE 事件，所以无法评判任何策略（全部 n/a）',
    'cli.provenance': '来源：{kind}',
    'cli.provenance.source': '来源：{kind} —— {source}',
    'cli.issue': '问题 {code}：{message}',
    'cli.issue.at': '问题 {code}（{where}）：{message}',
    'cli.where.line': '第 {line} 行',
    'cli.where.byte': '字节 {byte}',
    'cli.where.lineByte': '第 {line} 行，字节 {byte}',
    'cli.turn':
      '轮次 {turn}：{frames} 帧；首帧 {firstFrame}，首个思考 {firstReasoning}，首段正文 {firstText}，首个工具调用 {firstToolCall}，末帧 {lastFrame}；结束原因 {finish}；最长间隔 {longestGap}',
    'cli.ms': '{ms} ms',
    'cli.anomaly': '异常 {code}',
    'cli.anomaly.frame': '异常 {code}，在帧 {frame}',
    'cli.detail': '{head}：{detail}',
    'cli.tools': '工具运行：{count} 次',
    'cli.tool': '  轮次 {turn} → {id} {name}：{ms} ms',
    'cli.strategies': '策略：',
    'cli.na': '（{reason}）',
    'cli.na.unknown': '不适用',
    'cli.calls': '{calls} 个调用，{failed}/{attempts} 次解析失败',
    'cli.fail': '{calls}；第一次失败在{where}：{why}',
    'cli.fail.turn': '轮次 {turn}',
    'cli.fail.turnFrame': '轮次 {turn} 帧 {frame}',
    'cli.fail.input': '{error}（输入 {input}）',
    'cli.fail.call': '{reason}（调用 {key}）',
  } satisfies Record<keyof typeof en, string>,
};
