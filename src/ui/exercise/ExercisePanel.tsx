// The exercise mode's editor, "Your strategy" (你的策略): the learner writes assemble(events, out), runs it (the
// Run button or Ctrl/Cmd+Enter) in the sandbox worker (worker/learnerClient.ts), and the run becomes the strategy
// 'yours' of the shown session (store setLearnerRun), selected, so the panels, the timeline, the conclusion line and
// the verdict show it as they show a built-in strategy. The code comes from the link (`yours=`, or the code a page
// passed to its player: ./mode.ts ExerciseHost), else from the browser (localStorage), else the starter code (the
// page's, or the lesson's two naive strategies); each run keeps it in the browser, and in the link when the player's
// exercise lives in the URL. Code that came with the link or the page is run at once, and the learner's code is run
// again on a new recording or new faults. Loaded only in exercise mode (with
// CodeMirror): its strings are a catalog area of their own.
import { useCallback, useEffect, useRef, useState } from 'react';
import { learnerRun, learnerTurns, type LearnerError } from '../../core/strategies/learner';
import { LEARNER_ID, type StrategyRun } from '../../core/types';
import { registerMessages, type Translate } from '../../i18n';
import { exercise } from '../../i18n/messages/exercise';
import { exerciseSearch, parseExerciseParams } from '../../store/exerciseUrl';
import { useActions } from '../../store/react';
import { prewarmLearnerWorker, runLearnerCode } from '../../worker/learnerClient';
import type { PanelProps } from '../panels/types';
import { decodeCode, encodeCode, saveCode, savedCode } from './codec';
import { createEditor, type CodeEditor } from './editor';
import { starterFor } from './starter';
import { useExerciseHost } from './mode';
import './exercise.css';

registerMessages(exercise);

type Status = { kind: 'idle' } | { kind: 'running' } | { kind: 'ran'; turns: number; ms: number; ok: boolean; error?: LearnerError };

/** The error in the reader's language around the engine's own message. */
export function errorText(t: Translate, e: LearnerError): string {
  switch (e.kind) {
    case 'syntax':
      return e.line !== undefined ? t('exercise.error.syntax', { line: e.line, message: e.message }) : t('exercise.error.syntaxNoLine', { message: e.message });
    case 'exception':
      return e.line !== undefined
        ? t('exercise.error.exception', { line: e.line, message: e.message, turn: e.turn ?? 0, frame: e.frame ?? 0 })
        : t('exercise.error.exceptionNoLine', { message: e.message });
    case 'timeout':
      return t('exercise.error.timeout', { ms: e.message });
    case 'forbidden':
      return t('exercise.error.forbidden', { line: e.line ?? 1 });
    case 'output':
    case 'eval-blocked':
    case 'crashed':
      return t(`exercise.error.${e.kind}`, { message: e.message });
    case 'no-assemble':
      return t('exercise.error.no-assemble');
  }
}

/** Keeps the code in the link (compressed), leaving every other parameter as it is. */
async function codeToUrl(code: string): Promise<void> {
  const yours = await encodeCode(code);
  const { exercise: current } = parseExerciseParams(window.location.search);
  const search = exerciseSearch({ ...current, exercise: true, yours }, window.location.search);
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
}

export function ExercisePanel({ session, t }: PanelProps) {
  const actions = useActions();
  const host = useExerciseHost();
  const starter = () => host.starter ?? starterFor(t);
  const place = useRef<HTMLDivElement>(null);
  const editor = useRef<CodeEditor | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const hasRun = useRef(false);
  const runId = useRef(0);

  const run = useCallback(async () => {
    const code = editor.current?.getCode();
    const shown = sessionRef.current;
    if (code === undefined) return;
    const id = ++runId.current;
    hasRun.current = true;
    setStatus({ kind: 'running' });
    saveCode(code, host.storageKey);
    if (host.inUrl) void codeToUrl(code);
    const result = await runLearnerCode(code, learnerTurns(shown));
    prewarmLearnerWorker(); // the next run starts without waiting for a worker to load
    if (id !== runId.current) return; // a newer run started meanwhile
    const learner = learnerRun(shown, result.outcome);
    actions.setLearnerRun(learner);
    actions.setStrategy(LEARNER_ID);
    const error = result.outcome.error;
    editor.current?.markLine(error?.line ?? null);
    setStatus({ kind: 'ran', turns: learner.verdicts.length, ms: Math.round(result.ms), ok: learner.verdict === 'ok', ...(error && { error }) });
  }, [actions, host]);

  // the editor, once, with the link's (or the page's) code or the browser's, else the starter code (run at once unless starter)
  useEffect(() => {
    let cancelled = false;
    const parent = place.current;
    prewarmLearnerWorker();
    void (async () => {
      const given = host.yours;
      const linked = given !== undefined ? await decodeCode(given) : undefined;
      const saved = savedCode(host.storageKey);
      // a link carries the learner's latest code (each run writes it); a page's code is where they started from
      const kept = host.inUrl ? (linked ?? saved) : (saved ?? linked);
      if (cancelled || !parent) return;
      editor.current = createEditor(parent, kept ?? starter(), { label: t('exercise.editor'), onRun: () => void run(), onChange: () => editor.current?.markLine(null) });
      if (kept !== undefined) void run();
    })();
    return () => {
      cancelled = true;
      editor.current?.destroy();
      editor.current = null;
    };
    // created once; the language of the starter code is the one the page opened in
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // another recording (or other faults): the learner's code runs again on it
  const frames = session.frames;
  const strategiesRun = session.strategies[LEARNER_ID] as StrategyRun | undefined;
  useEffect(() => {
    if (hasRun.current && (strategiesRun === undefined || strategiesRun.naReason === 'no-code')) void run();
  }, [frames, strategiesRun, run]);

  return (
    <section className="ss-exercise" aria-labelledby="ss-exercise-title">
      <header className="ss-exercise-head">
        <h2 id="ss-exercise-title">{t('exercise.title')}</h2>
        <p className="ss-muted">{t('exercise.intro')}</p>
      </header>
      <div ref={place} className="ss-exercise-editor" />
      <div className="ss-exercise-bar">
        <button type="button" className="ss-button ss-button-primary" onClick={() => void run()} disabled={status.kind === 'running'} aria-keyshortcuts="Control+Enter Meta+Enter">
          ▶ {t('exercise.run')}
        </button>
        <span className="ss-muted">{t('exercise.run.keys')}</span>
        <button
          type="button"
          className="ss-button"
          onClick={() => {
            editor.current?.setCode(starter());
            editor.current?.focus();
          }}
        >
          {t('exercise.starter')}
        </button>
      </div>
      <p className="ss-exercise-status" role="status" aria-live="polite">
        {status.kind === 'running' ? t('exercise.running') : null}
        {status.kind === 'ran' ? t('exercise.status.ran', { turns: status.turns, ms: status.ms, verdict: t(status.ok ? 'exercise.verdict.ok' : 'exercise.verdict.fail') }) : null}
      </p>
      {status.kind === 'ran' && status.error ? (
        <p className="ss-exercise-error" role="alert">
          {errorText(t, status.error)}
        </p>
      ) : null}
    </section>
  );
}
