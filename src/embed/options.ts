/**
 * Embed options: the app's URL parameters plus `panels`, `controls`, `autoplay` (DESIGN section 7), `provenance`
 * (badge | none) and `maxheight` (the tallest the player grows, in CSS px), parsed from a query string (embed.html)
 * or from a custom element's attributes. An embed's controls default to `compact` (transport and strategy switch,
 * no app header); `full` brings the header. Values that are not understood are reported by name, never thrown.
 */
import { parseViewParams, type ViewParams } from '../store/url';

import { CONTROLS_MODES, PANEL_IDS, type ControlsMode, type PanelId, type ProvenanceMode } from '../ui/shell/views';

export { PANEL_IDS, type ControlsMode, type PanelId, type ProvenanceMode };
const CONTROLS: readonly ControlsMode[] = CONTROLS_MODES;
/** The smallest and largest `maxheight` taken, in CSS px. */
export const MAXHEIGHT_MIN = 160;
export const MAXHEIGHT_MAX = 20_000;
/** embed.html's reported height when `maxheight` is not given: past it the player scrolls inside its iframe. */
export const DEFAULT_IFRAME_MAXHEIGHT = 900;

export interface EmbedOptions extends ViewParams {
  panels: readonly PanelId[];
  controls: ControlsMode;
  autoplay: boolean;
  provenance: ProvenanceMode;
  /** The tallest the player reports (embed.html) or grows (the element); past it, it scrolls inside. */
  maxHeight?: number;
}

export interface ParsedEmbed {
  options: EmbedOptions;
  rejected: string[];
}

export function parseEmbedParams(search: string): ParsedEmbed {
  const { view, rejected } = parseViewParams(search);
  const params = new URLSearchParams(search);
  let panels: readonly PanelId[] = PANEL_IDS;
  const rawPanels = params.get('panels');
  if (rawPanels !== null) {
    const names = rawPanels.split(',').map((p) => p.trim()).filter(Boolean);
    const known = names.filter((p): p is PanelId => (PANEL_IDS as readonly string[]).includes(p));
    for (const p of names) if (!known.includes(p as PanelId)) rejected.push(`panels=${p.slice(0, 40)}`);
    panels = known;
  }
  let controls: ControlsMode = 'compact';
  const rawControls = params.get('controls');
  if (rawControls !== null) {
    if ((CONTROLS as readonly string[]).includes(rawControls)) controls = rawControls as ControlsMode;
    else rejected.push(`controls=${rawControls.slice(0, 40)}`);
  }
  let provenance: ProvenanceMode = 'badge';
  const rawProvenance = params.get('provenance');
  if (rawProvenance !== null) {
    if (rawProvenance === 'badge' || rawProvenance === 'none') provenance = rawProvenance;
    else rejected.push(`provenance=${rawProvenance.slice(0, 40)}`);
  }
  let maxHeight: number | undefined;
  const rawMax = params.get('maxheight');
  if (rawMax !== null) {
    const n = /^\d{1,6}$/.test(rawMax) ? Number(rawMax) : NaN;
    if (n >= MAXHEIGHT_MIN && n <= MAXHEIGHT_MAX) maxHeight = n;
    else rejected.push(`maxheight=${rawMax.slice(0, 40)}`);
  }
  const rawAutoplay = params.get('autoplay');
  const autoplay = rawAutoplay !== null && rawAutoplay !== '0' && rawAutoplay !== 'false';
  return { options: { ...view, panels, controls, autoplay, provenance, ...(maxHeight !== undefined && { maxHeight }) }, rejected };
}

/** The attributes a <streamscope-player> reads: the URL parameters' names. */
export const EMBED_ATTRIBUTES = ['rec', 's', 'f', 'lang', 'theme', 'compare', 'panels', 'controls', 'autoplay', 'provenance', 'maxheight'] as const;

/** The same options from an element's attributes (names as the URL parameters). */
export function embedParamsFromAttributes(get: (name: string) => string | null): ParsedEmbed {
  const params = new URLSearchParams();
  for (const name of EMBED_ATTRIBUTES) {
    const value = get(name);
    if (value !== null) params.set(name, name === 'autoplay' && value === '' ? '1' : value);
  }
  return parseEmbedParams(params.toString());
}
