// The waterfall's plot labels cut to the plot's width (src/ui/waterfall/fitText.ts): wide characters count double,
// a label that fits is whole, a cut one ends in an ellipsis and stays within the width.
import { describe, expect, it } from 'vitest';
import { fitText, textWidth } from '../../../src/ui/waterfall/fitText';

describe('fitText', () => {
  it('counts a CJK character about twice a Latin one', () => {
    expect(textWidth('结束原因')).toBeGreaterThan(1.7 * textWidth('abcd'));
  });
  it('keeps a label that fits and cuts one that does not, within the width', () => {
    const label = 'finish tool_calls · ⚠ finish_reason tool_calls without a call';
    expect(fitText(label, 1000)).toBe(label);
    for (const px of [40, 120, 230]) {
      const cut = fitText(label, px);
      expect(cut.endsWith('…')).toBe(true);
      expect(textWidth(cut)).toBeLessThanOrEqual(px);
      expect(label.startsWith(cut.slice(0, -1))).toBe(true);
    }
    const zh = '结束原因 tool_calls · ⚠ finish_reason 为 tool_calls 却没有调用';
    expect(textWidth(fitText(zh, 200))).toBeLessThanOrEqual(200);
  });
});
