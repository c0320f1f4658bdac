// An SVG element's tab stop, as the attribute SVG knows: `tabindex`, lower case. The renderer (Preact, ../../../
// preact-aliases.ts) writes a `tabIndex` prop as an attribute of that exact name, which an SVG element, unlike an
// HTML one, does not lower-case, so `<g tabIndex={0}>` would not be focusable. Spread it: `<g {...svgTabIndex(0)}>`.
export const svgTabIndex = (index: 0 | -1): Record<string, number> => ({ tabindex: index });
