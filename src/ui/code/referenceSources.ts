/**
 * The reference strategies' source files (src/reference/ts, src/reference/py) as text, fetched with the code view
 * (Vite's `?raw` imports: each file a small chunk of its own, none in the first page's code).
 *
 * Contract: `SOURCES[strategy][lang]` names the files the view shows, the strategy's own first, then what it runs
 * (partial-json-preview runs per-call-buffer; the buffer-keeping strategies share calls); `loadSources` resolves to
 * their texts in that order, or rejects when a chunk could not be fetched (the view says so, with a retry).
 */
import type { StrategyId } from '../../core/types';
import type { CodeLang } from '../../store/url';

const TS = import.meta.glob<string>('../../reference/ts/*.ts', { query: '?raw', import: 'default' });
const PY = import.meta.glob<string>('../../reference/py/*.py', { query: '?raw', import: 'default' });

export const SOURCES: Record<StrategyId, Record<CodeLang, string[]>> = {
  'parse-each-fragment': { ts: ['parse-each-fragment.ts', 'calls.ts'], py: ['parse_each_fragment.py', 'calls.py'] },
  'shared-buffer': { ts: ['shared-buffer.ts'], py: ['shared_buffer.py'] },
  'per-call-buffer': { ts: ['per-call-buffer.ts', 'calls.ts'], py: ['per_call_buffer.py', 'calls.py'] },
  'completed-item': { ts: ['completed-item.ts'], py: ['completed_item.py'] },
  'partial-json-preview': { ts: ['partial-json-preview.ts', 'per-call-buffer.ts', 'calls.ts'], py: ['partial_json_preview.py', 'per_call_buffer.py', 'calls.py'] },
  'next-index-closes': { ts: ['next-index-closes.ts', 'calls.ts'], py: ['next_index_closes.py', 'calls.py'] },
  // the learner's strategy (exercise mode) has no reference code: its code is the learner's own
  yours: { ts: [], py: [] },
};

export interface SourceFile {
  /** Relative to src/reference: `ts/calls.ts`, `py/calls.py`. */
  path: string;
  text: string;
}

export async function loadSources(strategy: StrategyId, lang: CodeLang): Promise<SourceFile[]> {
  const table = lang === 'ts' ? TS : PY;
  return Promise.all(
    SOURCES[strategy][lang].map(async (name) => {
      const load = table[`../../reference/${lang}/${name}`];
      if (!load) throw new Error(`no reference file ${lang}/${name}`);
      return { path: `${lang}/${name}`, text: (await load()).replace(/\r\n/g, '\n').replace(/\n$/, '') };
    }),
  );
}
