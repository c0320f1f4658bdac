// @vitest-environment jsdom
import { expect, test } from 'vitest';
import { serializeSvg } from '../../../src/ui/waterfall/exportImage';

test('the exported SVG is standalone: namespaced, paint inlined from computed style, classes and tab stops dropped', () => {
  const style = document.createElement('style');
  style.textContent = '.seg { fill: rgb(1, 2, 3); stroke: rgb(4, 5, 6); }';
  document.head.appendChild(style);
  document.body.innerHTML =
    '<svg width="200" height="40"><g class="row" tabindex="0" role="button" aria-label="Turn 1"><rect class="seg" width="10" height="10"/><text>885.8 ms &lt;b&gt;</text></g></svg>';
  const svg = document.querySelector('svg') as SVGSVGElement;
  const out = serializeSvg(svg);
  expect(out.startsWith('<?xml')).toBe(true);
  expect(out).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(out).toMatch(/<rect[^>]*style="[^"]*fill:\s*rgb\(1, 2, 3\)/);
  expect(out).toMatch(/<rect[^>]*style="[^"]*stroke:\s*rgb\(4, 5, 6\)/);
  expect(out).not.toContain('class=');
  expect(out).not.toContain('tabindex');
  expect(out).toContain('885.8 ms &lt;b&gt;');
  // The page itself is left untouched.
  expect(svg.querySelector('rect')?.getAttribute('class')).toBe('seg');
});
