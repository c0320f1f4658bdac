// embed.html: one player configured by the URL (the app's parameters plus panels, controls, autoplay, provenance,
// maxheight), driven by the parent page through postMessage, reporting its height so the iframe can size itself
// (never more than `maxheight`, 900 px by default, past which the page scrolls inside the iframe).
import { DEFAULT_IFRAME_MAXHEIGHT, parseEmbedParams } from './options';
import { connectBridge } from './bridge';
import { mountPlayer } from './mount';
import { preferredLang } from '../store/url';
import '../ui/styles/app.css';
import '../ui/styles/layout.css';
import './embed.css';

const { options, rejected } = parseEmbedParams(window.location.search);
const host = document.getElementById('root');
if (host) {
  // `lang` absent or `auto`: the reader's browser; `theme` absent or `auto`: the reader's system setting, until the
  // page says otherwise (`streamscope:setTheme`): an iframe cannot see its parent's page
  const lang = options.lang === undefined || options.lang === 'auto' ? preferredLang(navigator.languages) : options.lang;
  // a poster on its way (./poster-main.ts, whose script ran first) is the first view: the player renders once its
  // recording is in, rather than an empty player behind the poster first
  const poster = document.getElementById('ss-poster');
  const renderAfterLoad = poster?.dataset.expected !== undefined;
  const handle = mountPlayer(host, { ...options, landmark: 'page', shadow: false, lang, renderAfterLoad }, null);
  for (const param of rejected) handle.warn({ key: 'app.warn.url', params: { param } });
  // the poster (./poster-main.ts), if one is shown, goes in the frame that paints the player's first render (its
  // recording, or why it could not load), once all of it is in: that render comes in parts, a task each (the
  // transport; the conclusion and the strategies; the panels; what is below them: ../ui/shell/NextTask.tsx, which
  // marks each late part's place); `shown` settles after that frame
  let shown: Promise<void> | undefined;
  if (poster)
    shown = new Promise<void>((resolve) => {
      const rendered = new MutationObserver(() => {
        if (!host.querySelector('.ss-player') || host.querySelector('[data-ss-pending]')) return;
        rendered.disconnect();
        requestAnimationFrame(() => {
          poster.remove();
          resolve();
        });
      });
      rendered.observe(host, { childList: true, subtree: true });
    });
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  const cap = options.maxHeight ?? DEFAULT_IFRAME_MAXHEIGHT;
  // a poster half in (its panels come a frame after the rest: ./poster-main.ts) is not the player's height: nothing is
  // reported until it is all in, so a page that sizes the iframe to it does not shrink it and grow it again
  const partial = () => poster?.isConnected === true && poster.dataset.shown !== undefined && poster.dataset.complete === undefined;
  connectBridge(handle, window, () => (partial() ? 0 : Math.min(document.body.scrollHeight, cap)), shown ? { shown } : {});
}
