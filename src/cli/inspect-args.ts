// Command-line arguments of `npm run inspect`: FILE|- [--json] [--strategy ID] [--fault X]... [--lang zh|en]
// [--max-bytes N] [--help].
// Pure: returns the options or ONE line saying what is wrong (the caller exits 2 with it). The summary's language
// is --lang, else the locale the environment names (LC_ALL, then LC_MESSAGES, then LANG: zh... is Chinese), else en.
import { isStrategyId } from '../core/strategies/registry';
import { STRATEGY_IDS, type BuiltinStrategyId } from '../core/types';
import { LANGS, type Lang } from '../i18n';

export interface InspectArgs {
  file: string;
  json: boolean;
  strategy?: BuiltinStrategyId;
  faults: string[];
  /** The summary's language (--json is the same in every language). */
  lang: Lang;
  /** --max-bytes: read at most this many bytes (default: 4 GB for a regular file, 200 MB for anything else). */
  maxBytes?: number;
}

/** The language the environment's locale names: the first of LC_ALL, LC_MESSAGES, LANG that is set. */
export function langFromEnv(env: Readonly<Record<string, string | undefined>>): Lang {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '') ?? '';
  return /^zh([_.@-]|$)/i.test(locale) ? 'zh' : 'en';
}

const isLang = (s: string): s is Lang => (LANGS as readonly string[]).includes(s);

export type ParsedArgs = { ok: true; args: InspectArgs } | { ok: true; help: true } | { ok: false; error: string };

export const USAGE = 'usage: npm run inspect -- FILE|- [--json] [--strategy ID] [--fault X]... [--lang zh|en] [--max-bytes N]';

/** The most --max-bytes may say: what one Buffer holds (raw SSE is read into one). */
const MOST_BYTES = 4 * 1024 ** 3;

export function parseInspectArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = {}): ParsedArgs {
  let file: string | undefined;
  let json = false;
  let lang = langFromEnv(env);
  let strategy: BuiltinStrategyId | undefined;
  const faults: string[] = [];
  let maxBytes: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    const flag = eq > 0 ? a.slice(0, eq) : a;
    const inline = eq > 0 ? a.slice(eq + 1) : undefined;
    const value = (): string | undefined => inline ?? argv[++i];
    switch (flag) {
      case '--help':
      case '-h':
        return { ok: true, help: true };
      case '--json':
        json = true;
        break;
      case '--strategy': {
        const id = value();
        if (id === undefined) return { ok: false, error: `--strategy needs an id (one of ${STRATEGY_IDS.join(', ')})` };
        if (!isStrategyId(id)) return { ok: false, error: `unknown strategy "${id}" (one of ${STRATEGY_IDS.join(', ')})` };
        strategy = id;
        break;
      }
      case '--lang': {
        const l = value();
        if (l === undefined) return { ok: false, error: '--lang needs a language: zh or en' };
        if (!isLang(l)) return { ok: false, error: `unknown language "${l}" (zh or en)` };
        lang = l;
        break;
      }
      case '--fault': {
        const spec = value();
        if (spec === undefined) return { ok: false, error: '--fault needs a spec, e.g. --fault cut:12' };
        faults.push(spec);
        break;
      }
      case '--max-bytes': {
        const n = value();
        if (n === undefined || !/^[1-9]\d*$/.test(n) || Number(n) > MOST_BYTES)
          return { ok: false, error: `--max-bytes needs a whole number of bytes from 1 to ${MOST_BYTES} (4 GB), got ${n === undefined ? 'nothing' : JSON.stringify(n)}` };
        maxBytes = Number(n);
        break;
      }
      default:
        if (a.startsWith('-') && a !== '-') return { ok: false, error: `unknown option "${a}"; ${USAGE}` };
        if (file !== undefined) return { ok: false, error: `one file only: got "${file}" and "${a}"` };
        file = a;
    }
  }
  if (file === undefined) return { ok: false, error: `no file given; ${USAGE}` };
  return { ok: true, args: { file, json, faults, lang, ...(strategy && { strategy }), ...(maxBytes !== undefined && { maxBytes }) } };
}
