// The strategy code view (策略代码): the selected strategy's reference code (src/reference, Python or TypeScript),
// highlighted by shiki, with the lines that handled the current frame lit (aria-current="step") and the values they
// touched beside them, as a debugger shows them. A line explains itself when clicked or focused (one Tab stop per
// file, ↑/↓ inside); a parse line that failed at this frame adds why, in the conclusion's plain words. Its code (the
// view, the sources, shiki's Python and TypeScript grammars, the line notes) loads when the view first opens.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ThemedToken } from 'shiki/core';
import type { PanelProps } from '../panels/types';
import { STRATEGY_IDS, type StrategyId } from '../../core/types';
import { useActions, usePlayer } from '../../store/react';
import type { CodeLang } from '../../store/url';
import { explainParseFailure } from '../conclusion/explain';
import { actionsAt, classify, litLines, type Action, type FrameActions } from './codeSteps';
import { codeTokenizer } from './codeTokens';
import { loadSources, type SourceFile } from './referenceSources';
import { codeNotes } from '../../i18n/messages/codeNotes';
import { codeView } from '../../i18n/messages/codeView';
import { registerMessages } from '../../i18n';
import './code-view.css';
import { Region } from '../shell/Region';

registerMessages(codeView);

const THEMES = { light: 'github-light', dark: 'github-dark' } as const;
const VALUE_MAX = 40;

const cut = (s: string) => (s.length > VALUE_MAX ? `…${s.slice(-VALUE_MAX)}` : s);

/** The values a lit line touched at this frame: short beside the line, whole on hover and in its note. */
function valuesOf(actions: readonly Action[], act: FrameActions, t: PanelProps['t']): { short: string; full: string } | null {
  const parts: string[] = [];
  const full: string[] = [];
  if (actions.includes('append') && act.append.length) {
    const text = act.append[act.append.length - 1] ?? '';
    parts.push(t('code.value.buffer', { text: JSON.stringify(cut(text)) }));
    full.push(t('code.value.buffer', { text: JSON.stringify(text) }));
  }
  if (actions.includes('parse') && act.parse.length) {
    const p = act.parse[act.parse.length - 1];
    if (p) {
      const v = p.ok ? t('code.value.parsed') : t('code.value.failed', { error: p.error ?? '' });
      parts.push(v);
      full.push(v);
    }
  }
  if (actions.includes('ready') && act.ready.length) {
    const v = t('code.value.ready', { names: act.ready.join(', ') });
    parts.push(v);
    full.push(v);
  }
  return parts.length ? { short: parts.join(' · '), full: full.join(' · ') } : null;
}

interface FileViewProps {
  file: SourceFile;
  /** Lines (trimmed) of the strategy compared with: a line of this file not among them is marked as this one's own. */
  against: ReadonlySet<string> | null;
  tokens: ThemedToken[][] | null;
  act: FrameActions;
  lang: PanelProps['lang'];
  t: PanelProps['t'];
}

function FileView({ file, against, tokens, act, lang, t }: FileViewProps) {
  const info = useMemo(() => classify(file.text, file.path.startsWith('py/') ? 'py' : 'ts'), [file]);
  const lit = useMemo(() => litLines(info, act), [info, act]);
  const lines = useMemo(() => file.text.split('\n'), [file]);
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const notes = codeNotes[lang][file.path] ?? {};
  const focusLine = (i: number) => {
    const n = Math.max(0, Math.min(lines.length - 1, i));
    setActive(n);
    setChosen(n);
    (listRef.current?.children[n] as HTMLElement | undefined)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLOListElement>) => {
    const step: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 };
    if (e.key in step) focusLine(active + (step[e.key] ?? 0));
    else if (e.key === 'Home') focusLine(0);
    else if (e.key === 'End') focusLine(lines.length - 1);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };
  // the lit lines stay in view as the frame moves: the list scrolls itself (never the page) to the last lit line
  useEffect(() => {
    const list = listRef.current;
    const last = Math.max(-1, ...lit.keys());
    const li = last < 0 ? undefined : (list?.children[last] as HTMLElement | undefined);
    if (!list || !li) return;
    const top = li.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
    if (top < list.scrollTop || top + li.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = Math.max(0, top - list.clientHeight / 2);
  }, [lit]);
  const note = chosen === null ? null : noteOf(chosen);
  function noteOf(i: number): string {
    const text = (lines[i] ?? '').trim();
    const base = text === '' ? t('code.note.blank') : (notes[text] ?? t('code.note.none'));
    const acts = lit.get(i) ?? [];
    const failed = acts.includes('parse') ? act.parse.find((p) => !p.ok) : undefined;
    if (!failed) return base;
    const why = explainParseFailure(failed.input, failed.error);
    return `${base} ${t('code.note.failedHere', { error: failed.error ?? '' })} ${t(why.key, why.params)}`;
  }
  return (
    <div className="ss-code-file">
      <h3 className="ss-code-path">{file.path.replace(/^(ts|py)\//, '')}</h3>
      <ol ref={listRef} className="ss-code ss-code-lines" aria-label={t('code.file', { file: file.path })} onKeyDown={onKeyDown}>
        {lines.map((line, i) => {
          const acts = lit.get(i);
          const values = acts ? valuesOf(acts, act, t) : null;
          const trimmed = line.trim();
          const own = against !== null && trimmed.length > 1 && !against.has(trimmed);
          return (
            <li
              key={i}
              tabIndex={i === active ? 0 : -1}
              aria-current={acts ? 'step' : undefined}
              className={`ss-code-line${acts ? ' ss-code-lit' : ''}${own ? ' ss-code-own' : ''}${chosen === i ? ' ss-code-chosen' : ''}`}
              onClick={() => focusLine(i)}
              onFocus={() => {
                setActive(i);
                setChosen(i);
              }}
            >
              <span className="ss-code-no" aria-hidden="true">
                {i + 1}
              </span>
              {own ? <span className="ss-visually-hidden">{t('code.own')}</span> : null}
              <code className="ss-code-text">
                {tokens?.[i]
                  ? tokens[i].map((tok, k) => (
                      <span key={k} style={tok.color ? { color: tok.color } : undefined}>
                        {tok.content}
                      </span>
                    ))
                  : line}
              </code>
              {values ? (
                <span className="ss-code-value" title={values.full}>
                  <bdi>{values.short}</bdi>
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
      <p className="ss-code-note" aria-live="polite">
        {note === null ? t('code.note.hint') : <bdi>{`${chosen === null ? '' : `${chosen + 1}: `}${note}`}</bdi>}
      </p>
    </div>
  );
}

export function CodeView({ session, strategy, frame, lang, t, theme }: PanelProps) {
  const code: CodeLang = usePlayer((s) => s.code) ?? 'py';
  const actions = useActions();
  const [files, setFiles] = useState<SourceFile[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [tokens, setTokens] = useState<Map<string, ThemedToken[][]>>(new Map());
  useEffect(() => {
    let live = true;
    setFailed(null);
    loadSources(strategy, code).then(
      (f) => live && setFiles(f),
      (e: unknown) => live && setFailed(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [strategy, code, attempt]);
  useEffect(() => {
    if (!files) return;
    let live = true;
    codeTokenizer().then(
      (tk) => {
        if (!live) return;
        const out = new Map<string, ThemedToken[][]>();
        for (const f of files) out.set(f.path, tk.codeToTokensBase(f.text, { lang: code === 'py' ? 'python' : 'typescript', theme: THEMES[theme] }));
        setTokens(out);
      },
      () => undefined, // plain text stays: highlighting is a nicety
    );
    return () => {
      live = false;
    };
  }, [files, theme, code]);
  const act = useMemo(() => actionsAt(session, strategy, frame), [session, strategy, frame]);
  // another strategy to hold this one against: its main file's lines, so this one's own lines stand out
  const [other, setOther] = useState<StrategyId | ''>('');
  const [against, setAgainst] = useState<ReadonlySet<string> | null>(null);
  useEffect(() => {
    let live = true;
    if (other === '' || other === strategy) {
      setAgainst(null);
      return;
    }
    loadSources(other, code).then(
      ([main]) => live && setAgainst(new Set((main?.text ?? '').split('\n').map((l) => l.trim()))),
      () => live && setAgainst(null),
    );
    return () => {
      live = false;
    };
  }, [other, strategy, code]);
  return (
    <Region className="ss-panel ss-code-view" aria-label={t('code.title')}>
      <header className="ss-panel-head">
        <h2>{t('code.title')}</h2>
        <div role="radiogroup" aria-label={t('code.language')} className="ss-code-langs">
          {(['py', 'ts'] as const).map((l) => (
            <label key={l} className="ss-radio">
              <input type="radio" name={`code-lang-${session.frames.count}`} checked={code === l} onChange={() => actions.setCode(l)} />
              <span>{t(`code.lang.${l}`)}</span>
            </label>
          ))}
        </div>
        <button type="button" className="ss-button" onClick={() => actions.setCode(null)}>
          {t('code.close')}
        </button>
      </header>
      <p className="ss-muted">{t('code.intro', { strategy: t(`strategy.${strategy}.label`) })}</p>
      <label className="ss-code-against">
        {t('code.against')}{' '}
        <select value={other} onChange={(e) => setOther(e.target.value as StrategyId | '')}>
          <option value="">{t('code.against.none')}</option>
          {STRATEGY_IDS.filter((id) => id !== strategy).map((id) => (
            <option key={id} value={id}>
              {t(`strategy.${id}.label`)}
            </option>
          ))}
        </select>
      </label>
      {failed !== null ? (
        <p role="alert" className="ss-note">
          {t('code.failed', { message: failed })}{' '}
          <button type="button" className="ss-button" onClick={() => setAttempt((n) => n + 1)}>
            {t('app.failed.retry')}
          </button>
        </p>
      ) : null}
      {files?.map((f, i) => <FileView key={`${f.path}:${lang}`} file={f} against={i === 0 ? against : null} tokens={tokens.get(f.path) ?? null} act={act} lang={lang} t={t} />)}
    </Region>
  );
}
