// Both languages of the first page's strings, registered at once and synchronously: for Node (the CLI's summary,
// tests), where nothing is fetched and a chunk's size does not matter. The app never imports this: it loads one
// language at a time (./index.ts, loadLanguage).
import { registerLanguage } from './index';
import { strings as en } from './lang/en';
import { strings as zh } from './lang/zh';

registerLanguage('en', en);
registerLanguage('zh', zh);
