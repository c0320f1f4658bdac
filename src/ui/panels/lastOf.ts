// The long lists of the buffers and results panels (buffer boxes, partial-JSON previews, ready calls) show their
// last PANEL_ITEMS items: a call-heavy stream opens thousands of buffers (next-index-closes one per fragment), and
// every box drawn in one render took seconds (20,000 boxes: 6.7 s to jump to the last frame). The panel says how
// many are left out. Pure.

/** How many items of a long list a panel draws. */
export const PANEL_ITEMS = 40;

/** The last `max` items, and how many come before them. */
export function lastOf<T>(items: readonly T[], max = PANEL_ITEMS): { shown: readonly T[]; hidden: number } {
  return items.length > max ? { shown: items.slice(items.length - max), hidden: items.length - max } : { shown: items, hidden: 0 };
}
