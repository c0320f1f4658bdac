/**
 * Embed options: the app's URL parameters plus `panels`, `controls`, `autoplay` (DESIGN section 7), parsed from a
 * query string (embed.html) or from a custom element's attributes. Values that are not understood are reported by
 * name, never thrown.
 */
import { parseViewParams, type ViewParams } from '../store/url';

export const PANEL_IDS = ['raw', 'buffers', 'results', 'waterfall'] as const;
export type PanelId = (typeof PANEL_IDS)[number];
export type ControlsMode = 'full' | 'min' | 'none';

export interface EmbedOptions extends ViewParams {
  panels: readonly PanelId[];
  controls: ControlsMode;
  autoplay: boolean;
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
  let controls: ControlsMode = 'full';
  const rawControls = params.get('controls');
  if (rawControls !== null) {
    if (rawControls === 'full' || rawControls === 'min' || rawControls === 'none') controls = rawControls;
    else rejected.push(`controls=${rawControls.slice(0, 40)}`);
  }
  const rawAutoplay = params.get('autoplay');
  const autoplay = rawAutoplay !== null && rawAutoplay !== '0' && rawAutoplay !== 'false';
  return { options: { ...view, panels, controls, autoplay }, rejected };
}

/** The same options from an element's attributes (names as the URL parameters). */
export function embedParamsFromAttributes(get: (name: string) => string | null): ParsedEmbed {
  const params = new URLSearchParams();
  for (const name of ['rec', 's', 'f', 'lang', 'theme', 'compare', 'panels', 'controls', 'autoplay']) {
    const value = get(name);
    if (value !== null) params.set(name, name === 'autoplay' && value === '' ? '1' : value);
  }
  return parseEmbedParams(params.toString());
}
