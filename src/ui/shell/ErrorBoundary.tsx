// Last-resort guards: a part of the player that throws while rendering (a panel, the waterfall, the whole app) is
// replaced by a notice naming that part and the error's message in the reader's language, with a retry (which also
// fetches again the code of a view that failed to load, ./lazyView.ts); the rest of the player keeps working. Every
// lazily loaded part sits in one (LazyPart), so a chunk that does not arrive is named in words, not a blank. No stack
// trace is shown (the console gets the error for developers).
import { Component, Suspense, useEffect, useRef, type ReactNode } from 'react';
import type { MessageKey, Translate } from '../../i18n';
import { retryFailedViews } from './lazyView';
import { useT } from './useT';
import '../panels/panels.css';

interface GuardProps {
  /** The failing part's name, already translated. */
  area: string;
  t: Translate;
  /** A change of this value (another session, another strategy) clears the error and renders the part again. */
  resetKey?: unknown;
  /** The whole player: a larger notice. */
  app?: boolean;
  /** The notice's retry takes the focus (a part the reader just asked for: a dialog). */
  focus?: boolean;
  children?: ReactNode;
}

interface GuardState {
  error: Error | null;
  key: unknown;
}

/** The error's message on one line, short: never its stack. */
export function shortMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

class Guard extends Component<GuardProps, GuardState> {
  override state: GuardState = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<GuardState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: GuardProps, state: GuardState): Partial<GuardState> | null {
    return Object.is(props.resetKey, state.key) ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`Streamscope: ${this.props.area} failed to render`, error);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { t, area, app, focus } = this.props;
    return (
      <FailedNotice
        label={area}
        title={app ? t('app.failed.appTitle') : t('app.failed.title', { area })}
        message={shortMessage(error)}
        t={t}
        {...(app && { app })}
        {...(focus && { focus })}
        onRetry={() => {
          retryFailedViews();
          this.setState({ error: null });
        }}
      />
    );
  }
}

/**
 * The notice in place of a part that failed (or beside the player, for a language that did not arrive): what, the
 * error's message, and a retry. `focus`: the retry takes the focus when the notice appears (the reader asked for the
 * part just now, as for a dialog, and would otherwise not see where the answer went).
 */
export function FailedNotice({ label, title, message, onRetry, t, app, focus }: {
  label: string;
  title: string;
  message: string;
  onRetry: () => void;
  t: Translate;
  app?: boolean;
  focus?: boolean;
}) {
  const retry = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) retry.current?.focus();
  }, [focus]);
  return (
    <section className={`ss-failed${app ? ' ss-failed-app' : ' ss-panel'}`} role="alert" aria-label={label} data-failed={app ? 'app' : 'part'}>
      <p>
        <strong>{title}</strong>
      </p>
      <p className="ss-muted">{t('app.failed.detail', { message })}</p>
      <button type="button" className="ss-button" ref={retry} onClick={onRetry}>
        {t('app.failed.retry')}
      </button>
    </section>
  );
}

/** Guards one part of the player; `areaKey` is the catalog key of its name. */
export function ErrorBoundary({ areaKey, resetKey, app, focus, children }: { areaKey: MessageKey; resetKey?: unknown; app?: boolean; focus?: boolean; children?: ReactNode }) {
  const { t } = useT();
  return (
    <Guard area={t(areaKey)} t={t} resetKey={resetKey} {...(app && { app })} {...(focus && { focus })}>
      {children}
    </Guard>
  );
}

/**
 * A part whose code loads on demand (./lazyView.ts): nothing while it loads; when its code cannot be fetched, the
 * notice naming it (`areaKey`, a first-view string, so it is there without the part's code) with a retry.
 */
export function LazyPart({ areaKey, focus, children }: { areaKey: MessageKey; focus?: boolean; children: ReactNode }) {
  const { t } = useT();
  return (
    <LazyPanelPart areaKey={areaKey} t={t} {...(focus && { focus })}>
      {children}
    </LazyPanelPart>
  );
}

/**
 * LazyPart inside a panel, which is given its `t` (a panel renders without the player's store around it);
 * `fallback` while its code loads (a placeholder that keeps its place).
 */
export function LazyPanelPart({ areaKey, t, focus, fallback = null, children }: { areaKey: MessageKey; t: Translate; focus?: boolean; fallback?: ReactNode; children: ReactNode }) {
  return (
    <Guard area={t(areaKey)} t={t} {...(focus && { focus })}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </Guard>
  );
}
