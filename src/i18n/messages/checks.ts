// User-facing strings of the self-check footer and the compare view, in both languages. Keys are flat and prefixed
// 'panels.selfcheck.' and 'panels.compare.' (not 'panels.compare.divergesAt', which the conclusion line uses). The
// self-check (rendered after the first paint) and the compare view (loaded when compare mode is on) each register
// this area at their module's top level.
const en = {
  'panels.compare.title': 'All strategies at frame {frame}',
  'panels.compare.strategy': 'Strategy',
  'panels.compare.verdict': 'Verdict',
  'panels.compare.calls': 'Calls ready',
  'panels.compare.last': 'Last attempt',
  'panels.compare.diverges': 'Diverges from the selected one',
  'panels.compare.same': 'never',
  'panels.compare.selected': '(selected)',
  'panels.compare.none': '—',
  'panels.compare.first': 'The strategies first diverge at frame {frame}.',
  'panels.compare.firstNone': 'All applicable strategies behave the same on this recording.',
  'panels.compare.lastAttempt': 'frame {frame}: {status}',
  'panels.selfcheck.title': 'Self-check',
  'panels.selfcheck.turn': 'Turn {turn}',
  'panels.selfcheck.match': 'Our assembly (one buffer per call) reproduces the recorded message byte for byte.',
  'panels.selfcheck.matchIds': 'Our assembly reproduces the recorded message byte for byte, except the call ids, which the recording’s note says differ.',
  'panels.selfcheck.differ': 'First difference at {path}: ours {ours}, recorded {recorded}.',
  'panels.selfcheck.unknown': 'The recorded message has a shape we do not know; nothing compared.',
  'panels.selfcheck.missing': 'nothing',
};

export const checks = {
  en,
  zh: {
    'panels.compare.title': '第 {frame} 帧时所有策略的状态',
    'panels.compare.strategy': '策略',
    'panels.compare.verdict': '结论',
    'panels.compare.calls': '已就绪调用',
    'panels.compare.last': '最近一次解析',
    'panels.compare.diverges': '与当前策略开始不同',
    'panels.compare.same': '从不',
    'panels.compare.selected': '(当前)',
    'panels.compare.none': '—',
    'panels.compare.first': '各策略在第 {frame} 帧开始出现分歧。',
    'panels.compare.firstNone': '所有适用的策略在这份录制上表现一致。',
    'panels.compare.lastAttempt': '第 {frame} 帧:{status}',
    'panels.selfcheck.title': '自检',
    'panels.selfcheck.turn': '第 {turn} 轮',
    'panels.selfcheck.match': '我们的拼装(每个调用一个缓冲)与录下的消息逐字节一致。',
    'panels.selfcheck.matchIds': '除调用 id 外(录制说明里写了 id 不同),我们的拼装与录下的消息逐字节一致。',
    'panels.selfcheck.differ': '第一处不同在 {path}:我们的是 {ours},录下的是 {recorded}。',
    'panels.selfcheck.unknown': '录下的消息格式我们不认识,没有比较。',
    'panels.selfcheck.missing': '无',
  } satisfies Record<keyof typeof en, string>,
};
