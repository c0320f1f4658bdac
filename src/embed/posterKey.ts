/**
 * Which prerendered first view (a poster) fits an embed.html URL, shared by the build that writes the posters
 * (scripts/posters.ts) and the page that shows one (./poster-main.ts). Pure, no imports, so the page's poster code
 * is a chunk of its own.
 *
 * Contract: `posterKey(search)` is the URL's query with the parameters that do not change what the first view shows
 * (lang, theme, maxheight, host) taken out and the rest sorted by name, values as given (`rec=agent-run`,
 * `controls=min&panels=raw,buffers,results&rec=parallel-probe&s=shared-buffer`); a URL with a parameter twice has no
 * key (null). `posterWidth(px)` is the layout a player of that width takes (narrow below 700 px: the panels as tabs,
 * ui/shell/useNarrow.ts). A poster is looked up by key, language and width class in the manifest the build writes
 * into embed.html; anything not in it (another parameter, another value, a recording not shipped) has no poster, and
 * the player's own first render is the first view, as before.
 */

/** Parameters that do not change the first view's content: the language picks a poster, the theme is set on it. */
const ASIDE = new Set(['lang', 'theme', 'maxheight', 'host']);

export type PosterLang = 'en' | 'zh';
/** n: narrower than 700 px (tabs); r: the three panels side by side. */
export type PosterWidth = 'n' | 'r';
/** One view's posters: language -> width class -> the file (under posters/); its recording's file (under
 * recordings/), which the page asks for at once, ahead of the player's code; and the recording's wire, whose code
 * the page asks for at once too (./earlyChunks.ts). */
export interface PosterEntry {
  posters: Partial<Record<PosterLang, Partial<Record<PosterWidth, string>>>>;
  recording?: string;
  wire?: string;
}
/** key -> the view's posters. */
export type PosterManifest = Record<string, PosterEntry>;

export const NARROW_BELOW_PX = 700;

export function posterKey(search: string): string | null {
  const params = new URLSearchParams(search);
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const [name, value] of params) {
    if (seen.has(name)) return null;
    seen.add(name);
    if (!ASIDE.has(name)) kept.push(`${name}=${value}`);
  }
  return kept.sort().join('&');
}

export const posterWidth = (px: number): PosterWidth => (px > 0 && px < NARROW_BELOW_PX ? 'n' : 'r');

/** The language embed.html shows (store/url.ts `preferredLang` for `auto` or none; kept in step by a test). */
export function posterLang(search: string, languages: readonly string[]): PosterLang {
  const given = new URLSearchParams(search).get('lang');
  if (given === 'en' || given === 'zh') return given;
  for (const l of languages) {
    const lower = l.toLowerCase();
    if (lower === 'zh' || lower.startsWith('zh-')) return 'zh';
    if (lower === 'en' || lower.startsWith('en-')) return 'en';
  }
  return 'en';
}

/** The theme to paint the poster in: the URL's `light`/`dark`, else the reader's system setting. */
export function posterTheme(search: string, systemDark: boolean): 'light' | 'dark' {
  const given = new URLSearchParams(search).get('theme');
  if (given === 'light' || given === 'dark') return given;
  return systemDark ? 'dark' : 'light';
}

const SAFE_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The poster's file for this page and the recording's, or null. */
export function posterFile(
  manifest: PosterManifest,
  search: string,
  languages: readonly string[],
  width: number,
): { poster: string; recording: string | null } | null {
  const key = posterKey(search);
  if (key === null || !Object.hasOwn(manifest, key)) return null;
  const entry = manifest[key];
  const poster = entry?.posters[posterLang(search, languages)]?.[posterWidth(width)];
  if (typeof poster !== 'string' || !SAFE_FILE.test(poster)) return null;
  const recording = typeof entry?.recording === 'string' && SAFE_FILE.test(entry.recording) ? entry.recording : null;
  return { poster, recording };
}

/** The wire of this page's recording, as the manifest names it (a plain lowercase name), or undefined. */
export function posterWire(manifest: PosterManifest, search: string): string | undefined {
  const key = posterKey(search);
  if (key === null || !Object.hasOwn(manifest, key)) return undefined;
  const wire = manifest[key]?.wire;
  return typeof wire === 'string' && /^[a-z][a-z-]*$/.test(wire) ? wire : undefined;
}
