// The Chinese of the 'embed' area: every key of ../embedding.ts (a missing or extra key is a compile error).
import type { en } from '../embedding';

export const zh = {
  'files.open': '打开录制',
  'files.open.hint': '从你的电脑打开录制（.jsonl、.sse、.txt、.har、.ndjson）：只保存在本浏览器，不会上传。',
  'files.paste': '粘贴 SSE…',
  'files.export': '导出 .jsonl',
  'files.export.hint': '把当前录制（含已施加的故障）下载为 v1 .jsonl 文件。',
  'files.export.failed': '导出未能开始：页面有一部分没有加载成功。请重新加载页面后再试。',
  'files.remove': '移除此文件',
  'files.remove.hint': '从本浏览器的“你的文件”中移除「{name}」。',
  'files.removed': '已从“你的文件”中移除「{name}」。',
  'files.renamed': '“你的文件”中已有名为「{name}」的另一个文件：这个文件另存为「{kept}」，两个都保留。',
  'files.quota': '「{name}」已打开，但无法保存在本浏览器中：浏览器分给本站的存储空间已满。请移除不再需要的文件，然后重新打开。',
  'files.drop.overlay': '松手即可打开录制',
  'files.drop.formats': '.jsonl、原始 .sse / .txt、.har 或 NDJSON——只保存在本浏览器，不会上传',
  'files.drop.none': '没有可打开的内容：请拖入文件，而不是文字或链接。',
  'files.drop.many': '一次只能打开一个文件：正在打开「{name}」。',
  'files.tooLarge': '「{name}」有 {size} MB，超过 {limit} MB 的上限，未打开。',
  'files.readError': '无法读取「{name}」：{message}',
  'embed.command.refused': '页面发来的 {command} 未执行：其中的 {field} 不被接受（{reason}）。',
  'files.rec.refused': '不加载「{value}」：rec= 只打开本站的录制（列表中的 id 或 recordings/ 下的路径）以及 {origins} 的 https 地址。',
  'files.rec.refusedNoOrigins': '不加载「{value}」：rec= 只打开本站的录制（列表中的 id 或 recordings/ 下的路径）；不允许其他站点。',
  'share.open': '分享',
  'embed.host.unknown': '本播放器无法判断是哪个页面嵌入了它，因此不发送也不接受消息：请在它的地址中加上 host=<页面的源>。',
  'embed.host.invalid': 'host=「{value}」不是 http(s) 源，本播放器因此不发送也不接受消息。',
  'embed.host.mismatch': 'host= 指定的是 {configured}，但嵌入本播放器的是 {actual}：它不发送也不接受消息。',
} satisfies Record<keyof typeof en, string>;
