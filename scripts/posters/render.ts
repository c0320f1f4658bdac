// One poster: embed.html's player mounted as embed-main.tsx mounts it (the same options, parsed from the same query),
// in a jsdom window of the given width, its recording loaded and its effects run; then its markup made fit to be a
// picture of itself (./clean.ts).
import type { ViteDevServer } from 'vite';
import type { PosterDom } from './dom';
import { cleanPoster } from './clean';

type Mount = typeof import('../../src/embed/mount');
type Options = typeof import('../../src/embed/options');

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The messages JSON.parse threw while `run` ran, each with the text that made it throw: the player quotes the
 * parser's own message, which differs between engines (Node's and the reader's browser's), so the poster carries
 * the text and the page asks its own JSON.parse (./clean.ts, src/embed/poster-main.ts).
 */
async function parseMessages<T>(run: () => Promise<T>): Promise<{ value: T; messages: Map<string, string> }> {
  const messages = new Map<string, string>();
  const parse = JSON.parse;
  JSON.parse = function watched(text: string, reviver?: Parameters<typeof JSON.parse>[1]): unknown {
    try {
      return parse(text, reviver);
    } catch (error) {
      if (error instanceof SyntaxError && !messages.has(error.message)) messages.set(error.message, String(text));
      throw error;
    }
  } as typeof JSON.parse;
  try {
    return { value: await run(), messages };
  } finally {
    JSON.parse = parse;
  }
}

export async function posterRenderer(vite: ViteDevServer, dom: PosterDom) {
  const { parseEmbedParams } = (await vite.ssrLoadModule('/src/embed/options.ts')) as Options;
  const { mountPlayer } = (await vite.ssrLoadModule('/src/embed/mount.tsx')) as Mount;
  const doc = dom.window.document;
  return async function render(search: string, lang: 'en' | 'zh', width: number): Promise<string> {
    const { options, rejected } = parseEmbedParams(search);
    if (rejected.length > 0) throw new Error(`poster ${search}: parameters not understood: ${rejected.join(', ')}`);
    dom.setWidth(width);
    const host = doc.createElement('div');
    doc.body.appendChild(host);
    let handle: ReturnType<Mount['mountPlayer']> | null = null;
    try {
      const { value: player, messages } = await parseMessages(
        () =>
          new Promise<ReturnType<Mount['mountPlayer']>>((resolve, reject) => {
            const mounted = mountPlayer(host, { ...options, landmark: 'page', shadow: false, lang }, null);
            mounted.on('ready', () => resolve(mounted));
            mounted.on('error', () => reject(new Error(`poster ${search}: the recording did not load`)));
          }),
      );
      handle = player;
      // the render that follows ready and its layout effects (what the page's first paint of it shows), not the
      // effects that run after a frame has been painted (highlighting waits 80 ms)
      // (the first render also waits for the language's strings)
      for (let i = 0; i < 200 && !host.querySelector('.ss-player'); i++) await nextTask();
      await nextTask();
      await nextTask();
      const mount = host.firstElementChild;
      if (!mount || !mount.querySelector('.ss-player')) throw new Error(`poster ${search}: the player did not render`);
      return cleanPoster(mount, messages);
    } finally {
      handle?.dispose();
      host.remove();
    }
  };
}
