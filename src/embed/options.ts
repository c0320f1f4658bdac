/**
 * Embed options: the app's URL parameters (VIEW_PARAMS, store/url.ts) plus the embed's own rows, EMBED_PARAMS, a
 * table of the same kind (store/params.ts): `panels`, `controls`, `autoplay` (docs/embedding.md), `provenance`
 * (badge | none), `maxheight` (the tallest the player grows, in CSS px), `host` (the embedding page's origin,
 * read by ./origin.ts; embed.html only); and the exercise's rows, the app's own (EXERCISE_PARAMS,
 * store/exerciseUrl.ts: `exercise`, `yours`, `starter`; docs/exercises.md). They are parsed from a query string (embed.html) or from a custom element's
 * attributes (the same names, `host` aside). An embed's controls default to `compact` (transport and strategy
 * switch, no app header); `full` brings the header. Values that are not understood are reported by name (cut to 40
 * characters), never thrown; `panels` keeps its known names and names the others.
 */
import { flag, oneOf, paramNames, readParams, withDefaults, type ParamSpec, type ParamTable } from '../store/params';
import { parseViewParams, VIEW_PARAMS, type Lang, type ThemePref, type ViewParams } from '../store/url';
import { EXERCISE_PARAMS, type ExerciseParams } from '../store/exerciseUrl';

import { CONTROLS_MODES, PANEL_IDS, type ControlsMode, type PanelId, type ProvenanceMode } from '../ui/shell/views';

export { PANEL_IDS, type ControlsMode, type PanelId, type ProvenanceMode };
/** The smallest and largest `maxheight` taken, in CSS px. */
export const MAXHEIGHT_MIN = 160;
export const MAXHEIGHT_MAX = 20_000;
/** embed.html's reported height when `maxheight` is not given: past it the player scrolls inside its iframe. */
export const DEFAULT_IFRAME_MAXHEIGHT = 900;

/** The embed's own URL parameters, as read (absent: not given). */
export interface EmbedParams {
  panels?: readonly PanelId[];
  controls?: ControlsMode;
  autoplay?: boolean;
  provenance?: ProvenanceMode;
  maxHeight?: number;
  /** The embedding page's origin as configured (`host=`); ./origin.ts decides what it means. */
  host?: string;
}

const panelNames = (raw: string) =>
  raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
const isPanel = (p: string): p is PanelId => (PANEL_IDS as readonly string[]).includes(p);

/** A comma list of panel ids: the known ones are taken (maybe none), the others named. */
const panelList: ParamSpec<readonly PanelId[], EmbedParams> = {
  name: 'panels',
  parse: (v) => panelNames(v).filter(isPanel),
  refused: (v) => panelNames(v).filter((p) => !isPanel(p)),
  serialize: (panels) => panels.join(','),
  default: PANEL_IDS,
};

/** The embed's rows of the URL table: read (and written) from this one place. */
export const EMBED_PARAMS: ParamTable<EmbedParams> = {
  panels: panelList,
  controls: { ...oneOf<ControlsMode, EmbedParams>('controls', CONTROLS_MODES), default: 'compact' },
  provenance: { ...oneOf<ProvenanceMode, EmbedParams>('provenance', ['badge', 'none']), default: 'badge' },
  maxHeight: {
    name: 'maxheight',
    parse: (v) => (/^\d{1,6}$/.test(v) && Number(v) >= MAXHEIGHT_MIN && Number(v) <= MAXHEIGHT_MAX ? Number(v) : undefined),
    serialize: String,
  },
  // present means on, unless 0 / false (an empty attribute `<streamscope-player autoplay>` too); never refused
  autoplay: { ...flag<EmbedParams>('autoplay'), parse: (v) => v !== '0' && v !== 'false' },
  host: { name: 'host', parse: (v) => v, serialize: (v) => v },
};

/** `auto` (the embed's default): follow the host page's theme (./hostPage.ts), else the reader's system setting. */
export type ThemeOption = ThemePref | 'auto';
/** `auto` (the default): the reader's browser languages. */
export type LangOption = Lang | 'auto';

export interface EmbedOptions extends Omit<ViewParams, 'theme' | 'lang'>, ExerciseParams {
  theme?: ThemeOption;
  lang?: LangOption;
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
  // `auto` is the embed's own value of theme and lang (the app's URL has no such value)
  const params = new URLSearchParams(search);
  const auto = { theme: params.get('theme') === 'auto', lang: params.get('lang') === 'auto' };
  if (auto.theme) params.delete('theme');
  if (auto.lang) params.delete('lang');
  const { view, rejected } = parseViewParams(params.toString());
  const embed = readParams(EMBED_PARAMS, params.toString(), 40);
  const exercise = readParams(EXERCISE_PARAMS, params.toString(), 40);
  // host is the bridge's business (./origin.ts), not a player option
  const { host: _host, ...own } = withDefaults(EMBED_PARAMS, embed.values) as Omit<EmbedOptions, keyof ViewParams> & { host?: string };
  const options: EmbedOptions = { ...view, ...own, ...exercise.values, ...(auto.theme && { theme: 'auto' as const }), ...(auto.lang && { lang: 'auto' as const }) };
  return { options, rejected: [...rejected, ...embed.rejected, ...exercise.rejected] };
}

/** The attributes a <streamscope-player> reads: the URL parameters' names (but `host`: the element posts no messages). */
export const EMBED_ATTRIBUTES: readonly string[] = [
  ...paramNames(VIEW_PARAMS),
  ...paramNames(EMBED_PARAMS).filter((n) => n !== EMBED_PARAMS.host.name),
  ...paramNames(EXERCISE_PARAMS),
];

/** The same options from an element's attributes (names as the URL parameters). */
export function embedParamsFromAttributes(get: (name: string) => string | null): ParsedEmbed {
  const params = new URLSearchParams();
  for (const name of EMBED_ATTRIBUTES) {
    const value = get(name);
    if (value !== null) params.set(name, value);
  }
  return parseEmbedParams(params.toString());
}
