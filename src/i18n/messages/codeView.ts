// User-facing strings of the strategy code view (ui/code/CodeView.tsx), in both languages: not part of the first
// page load, registered (i18n registerMessages) when the view's code loads. The button that opens it ('code.open')
// is in ./teaching.ts.
const en = {
  "code.title": "Strategy code",
  "code.language": "Code language",
  "code.lang.py": "Python",
  "code.lang.ts": "TypeScript",
  "code.close": "Close the code",
  "code.intro": "The reference code of “{strategy}”, the same logic as what ran: the lit lines handled this frame; click a line to read what it does.",
  "code.file": "Code of {file}",
  "code.value.buffer": "buffer {text}",
  "code.value.parsed": "✓ parsed",
  "code.value.failed": "✗ {error}",
  "code.value.ready": "ready: {names}",
  "code.note.hint": "Click or focus a line (↑ / ↓ move between lines) to read what it does.",
  "code.note.blank": "An empty line.",
  "code.note.none": "No explanation for this line yet.",
  "code.note.failedHere": "At this frame the parse failed: {error}.",
  "code.failed": "The strategy’s code could not be loaded ({message}).",
  "code.against": "Hold it against",
  "code.against.none": "(nothing)",
  "code.own": "(only in this strategy)",
};

export const codeView = {
  en,
  zh: {
    "code.title": "策略代码",
    "code.language": "代码语言",
    "code.lang.py": "Python",
    "code.lang.ts": "TypeScript",
    "code.close": "关闭代码",
    "code.intro": "「{strategy}」的参考代码，与实际运行的逻辑相同：高亮的行处理了这一帧；点一行，看它做什么。",
    "code.file": "{file} 的代码",
    "code.value.buffer": "缓冲区 {text}",
    "code.value.parsed": "✓ 解析成功",
    "code.value.failed": "✗ {error}",
    "code.value.ready": "就绪：{names}",
    "code.note.hint": "点击或聚焦一行（↑ / ↓ 在行间移动），看它做什么。",
    "code.note.blank": "空行。",
    "code.note.none": "这一行还没有说明。",
    "code.note.failedHere": "在这一帧解析失败：{error}。",
    "code.failed": "策略代码加载失败（{message}）。",
    "code.against": "对照",
    "code.against.none": "(不对照)",
    "code.own": "(只有这个策略有)",
  } satisfies Record<keyof typeof en, string>,
};
