/**
 * What a player can show and how much of its controls: the one owner of these names, for the app (App.tsx,
 * Panels.tsx) and for embedding (embed/options.ts parses them from a URL or an element's attributes).
 */

/** The views a player can show (embedding picks a subset with `panels=`). */
export const PANEL_IDS = ['raw', 'buffers', 'results', 'waterfall'] as const;
export type PanelId = (typeof PANEL_IDS)[number];

/**
 * full: the header (picker, files, language, theme, share), the transport and the strategy switch; compact (an
 * embed's default): the transport and the strategy switch, no header; min: the scrubber and play only; none: no
 * controls (a page drives it).
 */
export const CONTROLS_MODES = ['full', 'compact', 'min', 'none'] as const;
export type ControlsMode = (typeof CONTROLS_MODES)[number];

/** badge: the provenance badge with a disclosure for the details (default); none: hidden (an embed's choice). */
export type ProvenanceMode = 'badge' | 'none';
