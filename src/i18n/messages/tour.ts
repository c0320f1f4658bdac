// User-facing strings of the lesson tour's region (its steps, predictions and answers), in both languages. Keys are
// flat and prefixed 'lab.tour.' (not 'lab.tour.error.*': the lab's store words a tour that cannot be loaded, so those
// stay in ./teaching.ts). The tour's region (ui/tour/TourRegion.tsx) registers this area at its top level, so these
// come with the first tour opened.
const en = {
  'lab.tour.region': 'Tour',
  'lab.tour.counter': 'Step {n} of {total}',
  'lab.tour.prev': 'Previous step',
  'lab.tour.next': 'Next step',
  'lab.tour.close': 'Close the tour',
  'lab.tour.predict': 'Predict before you look',
  'lab.tour.reveal': 'Reveal the next frame',
  'lab.tour.right': 'Right.',
  'lab.tour.wrong': 'Not quite. The answer: “{answer}”.',
  'lab.tour.answer': 'The answer: “{answer}”.',
  'lab.tour.lookAt': 'Look at: {panel}',
  'lab.tour.panel.raw': 'Raw events',
  'lab.tour.panel.buffers': 'Parameter buffers',
  'lab.tour.panel.results': 'Parse results',
  'lab.tour.panel.waterfall': 'Span waterfall',
  'lab.tour.panel.scrubber': 'the timeline',
  'lab.tour.panel.conclusion': 'the conclusion line',
  'lab.tour.panel.lab': 'Instructor lab',
  'lab.tour.panel.matrix': 'Strategy matrix',
  'lab.tour.panel.code': 'Strategy code',
  'lab.tour.panel.exercise': 'Your strategy (the exercise editor)',
};

export const tour = {
  en,
  zh: {
    'lab.tour.region': '导览',
    'lab.tour.counter': '第 {n} 步,共 {total} 步',
    'lab.tour.prev': '上一步',
    'lab.tour.next': '下一步',
    'lab.tour.close': '关闭导览',
    'lab.tour.predict': '先猜,再看',
    'lab.tour.reveal': '揭晓下一帧',
    'lab.tour.right': '猜对了。',
    'lab.tour.wrong': '不对。答案是「{answer}」。',
    'lab.tour.answer': '答案是「{answer}」。',
    'lab.tour.lookAt': '请看:{panel}',
    'lab.tour.panel.raw': '原始事件',
    'lab.tour.panel.buffers': '参数缓冲区',
    'lab.tour.panel.results': '解析结果',
    'lab.tour.panel.waterfall': 'Span 瀑布',
    'lab.tour.panel.scrubber': '时间轴',
    'lab.tour.panel.conclusion': '结论行',
    'lab.tour.panel.lab': '教师实验台',
    'lab.tour.panel.matrix': '策略矩阵',
    'lab.tour.panel.code': '策略代码',
    'lab.tour.panel.exercise': '你的策略(练习编辑器)',
  } satisfies Record<keyof typeof en, string>,
};
