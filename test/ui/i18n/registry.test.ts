// The catalogs' registry: the first view's areas come with a language's chunk (loadLanguage, awaited here for both
// languages on a fresh module), the lab area only when the lab or the matrix loads (registerMessages at their module's top level). Every literal key the source uses exists in both
// languages, and every key a module outside the lazily registered views uses is there from the start.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, test, vi } from 'vitest';

type I18n = typeof import('../../../src/i18n');
type MessageKey = import('../../../src/i18n').MessageKey;

const SRC = join(import.meta.dirname, '../../../src');
/** The modules that register the lab area themselves (and the helpers only they import). */
const LAB_VIEWS = ['ui/lab/LabPanel.tsx', 'ui/lab/FaultRow.tsx', 'ui/lab/VerdictList.tsx', 'ui/matrix/Matrix.tsx'];
/** The span waterfall's modules: Waterfall.tsx registers the waterfall area (LazyWaterfall, the placeholder, is eager). */
const isWaterfallView = (rel: string) => rel.startsWith('ui/waterfall/') && rel !== 'ui/waterfall/LazyWaterfall.tsx';
/** The dialogs a reader opens: each registers the dialogs area itself (loaded when first opened). */
const DIALOG_VIEWS = ['ui/shell/HelpDialog.tsx', 'ui/files/PasteDialog.tsx', 'ui/share/ShareDialog.tsx'];
/** Views loaded after the first paint or on demand that register their own area: the tour region, the self-check
 * footer and the compare view (each with the area it registers and one key of it). */
const VIEW_AREAS = [
  { view: 'ui/tour/TourRegion.tsx', probe: 'lab.tour.region' },
  { view: 'ui/selfcheck/SelfCheck.tsx', probe: 'panels.selfcheck.title' },
  { view: 'ui/compare/CompareView.tsx', probe: 'panels.compare.title' },
  { view: 'ui/code/CodeView.tsx', probe: 'code.title' },
  { view: 'ui/panels/raw/FrameDetail.tsx', probe: 'panels.raw.detail.signals' },
  { view: 'ui/shell/LoadIssues.tsx', probe: 'app.issues.summary' },
  { view: 'ui/exercise/ExercisePanel.tsx', probe: 'exercise.title' },
];
const AREA_VIEWS = VIEW_AREAS.map((a) => a.view);
/** The CLI: inspect-summary.ts registers the 'cli' area (the app never loads it). */
const isCli = (rel: string) => rel.startsWith('cli/');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'messages' ? [] : sources(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const KEY = String.raw`'([a-z][\w-]*\.[^'$\s]+)'`;
/** Literal dotted keys in t('…') and translate(lang, '…'), or in notices ({ key: '…' }; what the status line shows). */
function keysIn(text: string, notices = false): string[] {
  const found = new Set<string>();
  const calls = [new RegExp(String.raw`\bt\(\s*` + KEY, 'g'), new RegExp(String.raw`\btranslate\([^,()]+,\s*` + KEY, 'g')];
  for (const re of notices ? [new RegExp(String.raw`\bkey:\s*` + KEY, 'g')] : calls) {
    for (const m of text.matchAll(re)) if (m[1]) found.add(m[1]);
  }
  return [...found];
}

const files = sources(SRC).map((path) => {
  const text = readFileSync(path, 'utf8');
  return { rel: path.slice(SRC.length + 1), keys: [...new Set([...keysIn(text), ...keysIn(text, true)])], rendered: keysIn(text), notices: keysIn(text, true) };
});
const lazy = files.filter((f) => LAB_VIEWS.includes(f.rel));
const waterfallViews = files.filter((f) => isWaterfallView(f.rel));
const cliModules = files.filter((f) => isCli(f.rel));
const dialogViews = files.filter((f) => DIALOG_VIEWS.includes(f.rel));
const eager = files.filter((f) => !LAB_VIEWS.includes(f.rel) && !isWaterfallView(f.rel) && !isCli(f.rel) && !DIALOG_VIEWS.includes(f.rel) && !AREA_VIEWS.includes(f.rel));

let i18n: I18n;
beforeEach(async () => {
  vi.resetModules();
  i18n = await import('../../../src/i18n');
  await i18n.loadLanguage('en');
  await i18n.loadLanguage('zh');
});

describe('i18n registry', () => {
  test('the scan finds the keys (it can fail)', () => {
    expect(lazy.map((f) => f.rel).sort()).toEqual([...LAB_VIEWS].sort());
    expect(eager.flatMap((f) => f.keys)).toContain('lab.bar.label');
    expect(lazy.flatMap((f) => f.keys)).toContain('lab.region');
    expect(eager.flatMap((f) => f.keys).length).toBeGreaterThan(100);
  });

  test('every key a first-view module renders is there before any view registers its area, in en and zh', () => {
    const missing = eager.flatMap((f) => f.rendered.filter((k) => !i18n.catalogs.en[k] || !i18n.catalogs.zh[k]).map((k) => `${f.rel}: ${k}`));
    expect(missing).toEqual([]);
  });

  test("every notice's key is in the first view or in the notices' words, which come when the status line first has a notice", async () => {
    const raised = files.flatMap((f) => f.notices.map((k) => ({ rel: f.rel, k })));
    expect(raised.length).toBeGreaterThan(30);
    const late = raised.filter(({ k }) => !i18n.catalogs.en[k]);
    // (it can fail: most notices' words are not in the first view)
    expect(late.map(({ k }) => k)).toEqual(expect.arrayContaining(['files.damaged', 'files.removed', 'embed.host.unknown']));
    // a fetch that failed is worded without a fetch
    for (const k of ['app.error.fetch', 'app.warn.indexUnreadable', 'app.error.noIndex', 'files.export.failed', 'lab.bar.loadFailed']) expect(i18n.hasKey(k)).toBe(true);
    await Promise.all([i18n.loadNotices('en'), i18n.loadNotices('zh')]);
    const missing = raised.filter(({ k }) => !i18n.catalogs.en[k] || !i18n.catalogs.zh[k]).map(({ rel, k }) => `${rel}: ${k}`);
    expect(missing).toEqual([]);
  });

  test('the lab area is not loaded with i18n: its keys render as the key until the lab registers them', () => {
    expect(i18n.hasKey('lab.region')).toBe(false);
    expect(i18n.translate('en', 'lab.region')).toBe('lab.region');
    expect(i18n.hasKey('lab.bar.lab')).toBe(true);
  });

  test.each([['ui/lab/LabPanel.tsx'], ['ui/matrix/Matrix.tsx']])('loading %s registers the lab area: every key of the lab views in en and zh', async (view) => {
    await import(join(SRC, view));
    const missing = lazy.flatMap((f) => f.keys.filter((k) => !i18n.catalogs.en[k] || !i18n.catalogs.zh[k]).map((k) => `${f.rel}: ${k}`));
    expect(missing).toEqual([]);
    expect(i18n.translate('zh', 'lab.matrix.region')).toBe('策略矩阵');
    expect(i18n.hasKey('lab.error.empty')).toBe(true);
  });

  test('the waterfall area loads with Waterfall.tsx: before, its keys are missing; after, every key its modules use is there in en and zh', async () => {
    const used = waterfallViews.flatMap((f) => f.keys);
    expect(used.length).toBeGreaterThan(20);
    expect(i18n.hasKey('waterfall.region')).toBe(false);
    await import(join(SRC, 'ui/waterfall/Waterfall.tsx'));
    const missing = waterfallViews.flatMap((f) => f.keys.filter((k) => !i18n.catalogs.en[k] || !i18n.catalogs.zh[k]).map((k) => `${f.rel}: ${k}`));
    expect(missing).toEqual([]);
  });

  test.each(DIALOG_VIEWS.map((v) => [v]))('the dialogs area loads with %s: before, its keys are missing; after, every key the dialogs use is there in en and zh', async (view) => {
    const used = dialogViews.flatMap((f) => f.keys);
    expect(used).toContain('share.title');
    expect(used).toContain('files.paste.title');
    expect(i18n.hasKey('share.title')).toBe(false);
    expect(i18n.hasKey('app.help.title')).toBe(false);
    // the buttons that open them are first-view strings
    expect(i18n.hasKey('share.open')).toBe(true);
    expect(i18n.hasKey('app.help.open')).toBe(true);
    await import(join(SRC, view));
    const missing = dialogViews.flatMap((f) => f.keys.filter((k) => !i18n.catalogs.en[k] || !i18n.catalogs.zh[k]).map((k) => `${f.rel}: ${k}`));
    expect(missing).toEqual([]);
  });

  test.each(VIEW_AREAS)('$view registers its area: before, $probe is missing; after, every key it uses is there in en and zh', async ({ view, probe }) => {
    const used = files.find((f) => f.rel === view)?.keys ?? [];
    expect(used).toContain(probe);
    expect(i18n.hasKey(probe)).toBe(false);
    await import(join(SRC, view));
    expect(used.filter((k) => !i18n.catalogs.en[k] || !i18n.catalogs.zh[k])).toEqual([]);
  });

  test('the cli area loads with the CLI summary only: every key the CLI uses is there in en and zh', async () => {
    const used = cliModules.flatMap((f) => f.keys);
    expect(used).toContain('cli.file');
    expect(i18n.hasKey('cli.file')).toBe(false);
    await import(join(SRC, 'cli/inspect-summary.ts'));
    const missing = cliModules.flatMap((f) => f.keys.filter((k) => !i18n.catalogs.en[k] || !i18n.catalogs.zh[k]).map((k) => `${f.rel}: ${k}`));
    expect(missing).toEqual([]);
  });

  test('registerMessages adds an area to translate and hasKey, en as the fallback; registering again changes nothing', () => {
    const area = { en: { 'x.test.hello': 'Hello {name}', 'x.test.only-en': 'only en' }, zh: { 'x.test.hello': '你好 {name}' } };
    expect(i18n.hasKey('x.test.hello')).toBe(false);
    i18n.registerMessages(area);
    i18n.registerMessages(area);
    expect(i18n.hasKey('x.test.hello')).toBe(true);
    expect(i18n.translate('zh', 'x.test.hello' as MessageKey, { name: 'A' })).toBe('你好 A');
    expect(i18n.translate('zh', 'x.test.only-en' as MessageKey)).toBe('only en');
    expect(i18n.translate('en', 'app.title')).not.toBe('app.title');
  });
});
