// embed.html: one player configured by the URL (the app's parameters plus panels, controls, autoplay), driven by
// the parent page through postMessage, reporting its height so the iframe can size itself.
import { parseEmbedParams } from './options';
import { connectBridge } from './bridge';
import { mount } from './mount';
import { preferredLang } from '../store/url';
import '../ui/styles/app.css';
import './embed.css';

const { options, rejected } = parseEmbedParams(window.location.search);
const host = document.getElementById('root');
if (host) {
  const handle = mount(host, { ...options, lang: options.lang ?? preferredLang(navigator.languages) });
  for (const param of rejected) handle.store.actions.warn({ key: 'app.warn.url', params: { param } });
  document.documentElement.lang = (options.lang ?? 'en') === 'zh' ? 'zh-CN' : 'en';
  connectBridge(handle, window, () => document.body.scrollHeight);
}
