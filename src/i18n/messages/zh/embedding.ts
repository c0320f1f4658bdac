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
  'files.drop.overlay': '松手即可打开录制',
  'files.drop.formats': '.jsonl、原始 .sse / .txt、.har 或 NDJSON——只保存在本浏览器，不会上传',
  'share.open': '分享',
} satisfies Record<keyof typeof en, string>;
