/**
 * Which origin embedded the player, so that the bridge talks to that origin only (docs/embedding.md, "Origins").
 *
 * Contract: pure, never throws. `resolveHost` decides from
 * - `host`: the `host=` URL parameter, if present: an http(s) URL (or bare origin) of the embedding page;
 * - `ancestor`: the parent's origin as the browser reports it (`location.ancestorOrigins[0]`, Chromium and WebKit);
 * - `referrer`: `document.referrer` (the embedding page's URL or origin, unless its referrer policy hides it).
 * The detected origin is `ancestor`, else the referrer's origin; an opaque origin ("null", a file:// or sandboxed
 * page) is no origin. Outcomes:
 * - `known`: the origin to post to and to accept messages from: `host=`'s origin when given (and then the detected
 *   origin, if any, must be the same), else the detected one;
 * - `mismatch`: `host=` names another origin than the one that embedded the player: no messages either way;
 * - `invalid`: `host=` is not an http(s) URL: no messages either way (never a guess);
 * - `unknown`: nothing tells the origin: no messages either way (the page can add `host=`).
 */
import { readParams } from '../store/params';
import { EMBED_PARAMS } from './options';

export type HostResolution =
  | { kind: 'known'; origin: string; via: 'host' | 'ancestor' | 'referrer' }
  | { kind: 'mismatch'; configured: string; actual: string }
  | { kind: 'invalid'; value: string }
  | { kind: 'unknown' };

export interface HostClues {
  host: string | null;
  ancestor: string | null | undefined;
  referrer: string | null | undefined;
}

/** The origin of an http(s) URL, or null (opaque origins, other schemes, credentials, anything unparsable). */
export function httpOrigin(value: string | null | undefined): string | null {
  if (!value || value.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  return url.origin;
}

export function resolveHost({ host, ancestor, referrer }: HostClues): HostResolution {
  const detected = httpOrigin(ancestor) ?? httpOrigin(referrer);
  const detectedVia = httpOrigin(ancestor) ? 'ancestor' : 'referrer';
  if (host !== null) {
    const configured = httpOrigin(host);
    if (!configured) return { kind: 'invalid', value: host.slice(0, 200) };
    if (detected && detected !== configured) return { kind: 'mismatch', configured, actual: detected };
    return { kind: 'known', origin: configured, via: 'host' };
  }
  if (detected) return { kind: 'known', origin: detected, via: detectedVia };
  return { kind: 'unknown' };
}

/** The clues of the current window (embed.html): its `host=` parameter, ancestorOrigins and referrer. */
export function hostCluesOf(win: Window): HostClues {
  const host = readParams({ host: EMBED_PARAMS.host }, win.location.search).values.host ?? null;
  // ancestorOrigins is missing in Firefox
  const ancestors = (win.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  return { host, ancestor: ancestors && ancestors.length > 0 ? ancestors.item(0) : null, referrer: win.document.referrer };
}
