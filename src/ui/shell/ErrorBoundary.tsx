// Last-resort guards: a part of the player that throws while rendering (a panel, the waterfall, the whole app) is
// replaced by a notice naming that part and the error's message in the reader's language, with a retry (which also
// fetches again the code of a view that failed to load, ./lazyView.ts); the rest
// of the player keeps working. No stack trace is shown (the console gets the error for developers).
import { Component, type ReactNode } from 'react';
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
    const { t, area, app } = this.props;
    return (
      <section className={`ss-failed${app ? ' ss-failed-app' : ' ss-panel'}`} role="alert" aria-label={area} data-failed={app ? 'app' : 'part'}>
        <p>
          <strong>{app ? t('app.failed.appTitle') : t('app.failed.title', { area })}</strong>
        </p>
        <p className="ss-muted">{t('app.failed.detail', { message: shortMessage(error) })}</p>
        <button
          type="button"
          onClick={() => {
            retryFailedViews();
            this.setState({ error: null });
          }}
        >
          {t('app.failed.retry')}
        </button>
      </section>
    );
  }
}

/** Guards one part of the player; `areaKey` is the catalog key of its name. */
export function ErrorBoundary({ areaKey, resetKey, app, children }: { areaKey: MessageKey; resetKey?: unknown; app?: boolean; children?: ReactNode }) {
  const { t } = useT();
  return (
    <Guard area={t(areaKey)} t={t} resetKey={resetKey} {...(app && { app })}>
      {children}
    </Guard>
  );
}
