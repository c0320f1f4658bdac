// The Chinese of the 'teaching' area: every key of ../teaching.ts (a missing or extra key is a compile error).
import type { en } from '../teaching';

export const zh = {
  'lab.bar.label': '教学工具',
  'lab.bar.lab': '教师实验台',
  'lab.bar.matrix': '策略矩阵',
  'lab.bar.tour': '课程导览',
  'lab.bar.presenter': '演示模式(P)',
  'lab.bar.presenterExit': '退出演示模式(P)',
  'lab.bar.faultsOn': '{n} 个故障生效',
  'lab.bar.loadFailed': '教师实验台的代码加载失败({message})。没有任何改动;再点一次即可重试。',
  'lab.tour.error.id': '没有叫「{id}」的导览(导览 id 只含字母、数字、- 和 _)。',
  'lab.tour.error.fetch': '导览「{id}」加载失败:{message}',
  'lab.tour.error.json': '导览「{id}」不是合法的 JSON:{message}',
  'lab.tour.error.format': '导览「{id}」在 {path} 处有问题:应为 {expected}。',
  'lab.presenter.hint': '演示模式:P 退出,Page Down / Page Up 在导览里前后翻,方向键逐帧。',
  "code.open": "策略代码",
} satisfies Record<keyof typeof en, string>;
