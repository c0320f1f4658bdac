// Both languages of the first page's strings and of the notices' words (./lang/notices-*.ts), registered at once
// and synchronously: for Node (the CLI's summary, tests), where nothing is fetched and a chunk's size does not
// matter. The app never imports this: it loads one language at a time (./index.ts, loadLanguage, loadNotices).
import { registerLanguage, registerNotices } from './index';
import { strings as en } from './lang/en';
import { strings as zh } from './lang/zh';
import { strings as noticesEn } from './lang/notices-en';
import { strings as noticesZh } from './lang/notices-zh';

registerLanguage('en', en);
registerLanguage('zh', zh);
registerNotices('en', noticesEn);
registerNotices('zh', noticesZh);
