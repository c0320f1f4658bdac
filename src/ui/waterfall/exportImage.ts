// Export of the waterfall as a standalone SVG or a PNG. The SVG is a clone whose every element carries its
// computed paint inline (so it looks the same outside the page and in either theme); the PNG draws that SVG,
// loaded from a blob URL, onto a canvas. A download is triggered with a temporary object URL, revoked after.
// Failures come back as a rejected promise with a message; nothing here throws synchronously at the caller.

const PAINT = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'visibility',
  'display',
] as const;

/** Serializes an SVG element with inline computed colours and fonts. */
export function serializeSvg(svg: SVGSVGElement): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const view = svg.ownerDocument.defaultView;
  const originals = [svg, ...Array.from(svg.querySelectorAll('*'))];
  const copies = [clone, ...Array.from(clone.querySelectorAll('*'))];
  if (view) {
    originals.forEach((el, i) => {
      const copy = copies[i];
      if (!copy) return;
      const cs = view.getComputedStyle(el);
      const style = PAINT.map((p) => {
        const v = cs.getPropertyValue(p);
        return v ? `${p}:${v}` : '';
      })
        .filter(Boolean)
        .join(';');
      // through CSSOM, not setAttribute: the page's CSP (style-src 'self') refuses style attributes set as markup
      if (style) (copy as SVGElement | HTMLElement).style.cssText = style;
      copy.removeAttribute('class');
      copy.removeAttribute('tabindex');
    });
  }
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('xmlns:xlink', 'http://www.w3.org/1999/xlink');
  const serializer = new XMLSerializer();
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serializer.serializeToString(clone)}`;
}

export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function exportSvg(svg: SVGSVGElement, filename: string): void {
  downloadBlob(new Blob([serializeSvg(svg)], { type: 'image/svg+xml;charset=utf-8' }), filename);
}

/** Renders the serialized SVG onto a canvas at `scale` x and resolves with a PNG blob. */
export function svgToPng(svg: SVGSVGElement, scale = 2): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const text = serializeSvg(svg);
    const width = Math.max(1, Math.round(svg.width.baseVal.value || svg.getBoundingClientRect().width));
    const height = Math.max(1, Math.round(svg.height.baseVal.value || svg.getBoundingClientRect().height));
    const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml;charset=utf-8' }));
    const img = new Image();
    img.onload = () => {
      try {
        const canvas = document.createElement('canvas');
        canvas.width = width * scale;
        canvas.height = height * scale;
        const ctx = canvas.getContext('2d');
        if (!ctx) throw new Error('no 2D canvas context');
        ctx.scale(scale, scale);
        ctx.drawImage(img, 0, 0, width, height);
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas gave no PNG'))), 'image/png');
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      } finally {
        URL.revokeObjectURL(url);
      }
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('the browser could not load the SVG as an image'));
    };
    img.src = url;
  });
}

export async function exportPng(svg: SVGSVGElement, filename: string): Promise<void> {
  downloadBlob(await svgToPng(svg), filename);
}
