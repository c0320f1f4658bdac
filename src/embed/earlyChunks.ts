/**
 * Which of the player's later chunks embed.html asks for at once (./poster-main.ts adds a modulepreload for each):
 * the reader's language's strings and the recording's wire (its adapter and ground truth), which the player
 * otherwise imports only once its own code has arrived and run, one round trip later (docs/performance.md, "On a
 * phone"). Pure, no imports at run time, so it stays in the poster's small script.
 *
 * Contract: `earlyFiles(early, lang, wire)` reads the JSON the build writes into embed.html (../../early-chunks.ts:
 * {"lang": {en, zh}, "wire": {...}}, each a list of script URLs) and returns the URLs for `lang` and, when given,
 * `wire`, each once. Anything that is not that shape, and any URL that is not a plain path to a `.js` file under the
 * page (`./assets/x.js`, or `/base/assets/x.js` for a site built with another base), is left out: nothing else is
 * ever fetched. A missing or unreadable JSON gives nothing to fetch, and the player imports as before.
 */

/** `./a/b-1.js` or `/course/a/b-1.js`: path segments of letters, digits, `.`, `_` and `-`, none of them `..`. */
const PLAIN_SCRIPT = /^(?:\.\/|\/)(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\.js$/;

function listIn(group: unknown, name: string): string[] {
  if (group === null || typeof group !== 'object' || !Object.hasOwn(group, name)) return [];
  const list: unknown = (group as Record<string, unknown>)[name];
  if (!Array.isArray(list)) return [];
  return list.filter((url): url is string => typeof url === 'string' && PLAIN_SCRIPT.test(url));
}

export function earlyFiles(early: unknown, lang: string, wire: string | undefined): string[] {
  if (early === null || typeof early !== 'object') return [];
  const { lang: langs, wire: wires } = early as { lang?: unknown; wire?: unknown };
  const urls = [...listIn(langs, lang), ...(wire === undefined ? [] : listIn(wires, wire))];
  return [...new Set(urls)];
}
