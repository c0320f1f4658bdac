// The replay app shell for one player: header, the provenance badge, load status, the transport (full-width
// scrubber and playback), the conclusion line pinned under it, the strategy switch, the three panels (tabs when
// the player is narrow) or the compare view, a slot for the span waterfall, the footer, the keyboard help and the
// live region. Keys act only while focus is inside the player (WCAG 2.1.4).
// Standalone (and embed.html) the player is the page: header, main, footer landmarks. Mounted into a host page
// (mount(), <streamscope-player>) it is one named region, so it adds no unnamed main, banner or contentinfo there.
// The teaching tools (ui/lab, ui/tour, ui/matrix): the standalone app shows their bar under the header and keeps
// their URL parameters; the tour region, the instructor lab and the strategy matrix appear when the state opens
// them. Presenter mode hides header, bar and footer and enlarges the type; P toggles it, Page Down / Page Up move
// through an open tour.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { frameIndex } from '../core/types';
import { useActions, useLab, usePlayer, usePlayerStore } from '../store/react';
import { PresenterExit } from './lab/PresenterExit';
import { startLabUrlLater } from './lab/labUrlStart';
import './lab/lab.css';
import { PlaybackControls } from './playback/PlaybackControls';
import { PlaybackSettings } from './playback/PlaybackSettings';
import { Scrubber } from './scrubber/Scrubber';
import { ScrubberFoot } from './scrubber/ScrubberFoot';
import { keyAction, keyTargetOf } from './shell/keys';
import { LiveRegion } from './shell/LiveRegion';
import { LoadStatus } from './shell/LoadStatus';
import { NextTask } from './shell/NextTask';
import type { Slot } from './shell/Panels';
import { Below, ConclusionLine, Views } from './shell/Stage';
import { labKey } from './lab/labKeys';
import { PANEL_IDS, type ControlsMode, type PanelId, type ProvenanceMode } from './shell/views';
import { ErrorBoundary, LazyPart } from './shell/ErrorBoundary';
import { LanguageNotice } from './shell/LanguageNotice';
import { lazyView } from './shell/lazyView';
import { Provenance } from './shell/Provenance';
import { LandmarkContext } from './shell/Region';
import { StrategyToggle } from './shell/StrategyToggle';
import { useNarrow, WIDE_PX } from './shell/useNarrow';

// the keyboard help's code loads when it is first opened; it stays mounted after that
const HelpDialog = lazyView(() => import('./shell/HelpDialog'), (m) => m.HelpDialog);
// the header (recording picker, file actions, language, theme, share): shown only with the full controls, which an
// embed's default (compact) never shows, so it loads on demand; the standalone app asks for it as it starts
const Header = lazyView(() => import('./shell/Header'), (m) => m.Header);
/** Asks for the header's code ahead of the first render that shows it (the standalone app, a player with full controls). */
export const preloadHeader = (): Promise<void> => Header.preload();
/** Whether the header's code is in (a player that shows it renders at once only then). */
export const headerReady = (): boolean => Header.isReady();
import { useT } from './shell/useT';
import { useReducedMotion, useResolvedTheme } from './theme/theme';

// The lab, the matrix and tours are not part of the default view: their code loads when first opened (a LazyPart
// each: one whose code does not arrive is a notice with a retry, the rest of the player unharmed).
const LabPanel = lazyView(() => import('./lab/LabPanel'), (m) => m.LabPanel);
const Matrix = lazyView(() => import('./matrix/Matrix'), (m) => m.Matrix);
const TourRegion = lazyView(() => import('./tour/TourRegion'), (m) => m.TourRegion);

export interface AppSlots {
  conclusion?: Slot;
  compare?: Slot;
  waterfall?: Slot;
  /** The strategy code view (`code=py|ts`) while it is open: beside the panels when wide, else a tab (under compare). */
  code?: Slot;
  /** The exercise editor, "Your strategy" (`exercise=1`), under the panels while it is on. */
  exercise?: Slot;
  footer?: Slot;
}

export type { ControlsMode, ProvenanceMode } from './shell/views';

export interface AppProps {
  slots?: AppSlots;
  /** Which views to show (default all); the provenance line is always shown. */
  panels?: readonly PanelId[];
  controls?: ControlsMode;
  provenance?: ProvenanceMode;
  /** page: header / main / footer landmarks (the app, embed.html); region: one named region (a host page's player). */
  landmark?: 'page' | 'region';
  /** The app owns the page: it sets <html lang> and the page's theme. Embedded players leave the page alone. */
  standalone?: boolean;
  /** The first render in parts, a task each (the transport; the conclusion and the strategies; the panels; what is below
   * them: ./shell/NextTask.tsx), none of them long: for a player nobody sees until it is all there (behind a poster). */
  splitFirstRender?: boolean;
}

const NO_SLOTS: AppSlots = {};

/** The player behind a last-resort error boundary: a render that throws shows a notice, never an empty page. */
export function App(props: AppProps) {
  return (
    <ErrorBoundary areaKey="app.failed.app" app>
      <Shell {...props} />
    </ErrorBoundary>
  );
}

function Shell({ slots = NO_SLOTS, standalone = true, panels = PANEL_IDS, controls = 'full', provenance = 'badge', landmark = 'page', splitFirstRender = false }: AppProps) {
  const { t, lang } = useT();
  const store = usePlayerStore();
  const a = useActions();
  const themePref = usePlayer((s) => s.theme);
  const theme = useResolvedTheme(themePref);
  const reducedMotion = useReducedMotion();
  const [help, setHelp] = useState(false);
  const [helpWanted, setHelpWanted] = useState(false);
  if (help && !helpWanted) setHelpWanted(true);
  const presenter = useLab((s) => s.presenter);
  const labOpen = useLab((s) => s.labOpen);
  const matrixOpen = useLab((s) => s.matrixOpen);
  const tourOpen = useLab((s) => s.tour !== null || s.tourError !== null);
  const highlight = useLab((s) => s.highlight);
  const mainRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const narrow = useNarrow(rootRef);
  const wide = !useNarrow(rootRef, WIDE_PX);
  const compare = usePlayer((s) => s.compare);

  // the page's language and colours change in the same commit as the player's (no frame of a light page around a
  // dark player)
  useLayoutEffect(() => {
    if (!standalone) return;
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
    document.documentElement.dataset.theme = theme;
    document.title = t('app.title');
  }, [standalone, lang, theme, t]);

  useEffect(() => (standalone ? startLabUrlLater(store) : undefined), [standalone, store]);

  // The page's type grows with presenter mode in the same commit that lays the player out for it: no frame shows the
  // presenter layout at the small size (a passive effect ran after the first such paint).
  useLayoutEffect(() => {
    if (standalone) document.documentElement.classList.toggle('ss-presenting', presenter);
  }, [standalone, presenter]);

  const shownPresenter = useRef(presenter);
  useEffect(() => {
    // A player in someone else's page (an iframe, the element) never takes the keyboard on its own: the reader's
    // Space and arrow keys keep scrolling the course page until they click or tab into the player. It keeps it only
    // when presenter mode, which the reader's own key toggled, takes away what had the focus.
    const toggled = shownPresenter.current !== presenter;
    shownPresenter.current = presenter;
    if (!standalone && !toggled) return;
    // the bar that had focus is gone (or back): keep the keyboard inside the player. In the next frame's callback:
    // focusing lays the page out, and here (on mount) that would be the first layout of the whole page inside the
    // task of React's first render; there it is the layout that frame does anyway.
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body) mainRef.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [standalone, presenter]);

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      if (e.defaultPrevented) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest('dialog')) return;
      if (labKey(e, store, keyTargetOf(target))) return;
      const action = keyAction(e.key, { shift: e.shiftKey, ctrl: e.ctrlKey, alt: e.altKey, meta: e.metaKey }, keyTargetOf(target));
      if (!action) return;
      e.preventDefault();
      const last = Math.max(0, (store.getState().session?.frames.count ?? 1) - 1);
      switch (action.kind) {
        case 'toggle':
          return a.toggle();
        case 'step':
          return a.step(action.delta);
        case 'turn':
          return a.stepTurn(action.delta);
        case 'marker':
          return action.delta > 0 ? a.nextMarker() : a.prevMarker();
        case 'home':
          return a.seek(frameIndex(0));
        case 'end':
          return a.seek(frameIndex(last));
        case 'jump':
          return a.jumpTo(action.fraction);
        case 'help':
          return setHelp(true);
      }
    },
    [a, store],
  );

  const header = controls === 'full' && !presenter;
  const transport = controls !== 'none';
  const toggle = controls === 'full' || controls === 'compact' || (presenter && controls !== 'none');
  const body = (
    <>
      {/* The first screen: in presenter mode it is exactly one viewport, the panels taking what is left. */}
      <div className="ss-stage">
        {presenter && <PresenterExit />}
        {provenance !== 'none' && <Provenance />}
        <LoadStatus />
        <LanguageNotice />
        {helpWanted ? (
          // a modal dialog wherever it sits; placed here, a notice in its place is seen where the notices are
          <LazyPart areaKey="app.area.help" focus>
            <HelpDialog open={help} onClose={() => setHelp(false)} />
          </LazyPart>
        ) : null}
        {tourOpen && (
          <LazyPart areaKey="app.area.tour">
            <TourRegion />
          </LazyPart>
        )}
        {transport && (
          // the scrubber and play stay in reach (sticky on a phone) while the panels scroll under them; on a narrow
          // player only the track, the buttons and the position are pinned, the legend and the playback settings
          // come under them (one transport element either way: crossing the width keeps the focus where it was)
          <div className="ss-transport">
            <Scrubber foot={!narrow} />
            <PlaybackControls minimal={controls === 'min'} settings={!narrow} />
          </div>
        )}
        {transport && narrow && (
          <div className="ss-transport-more">
            <ScrubberFoot grouped />
            {controls !== 'min' && <PlaybackSettings grouped />}
          </div>
        )}
        <NextTask now={!splitFirstRender}>
          <ConclusionLine slots={slots} />
          {toggle && <StrategyToggle compact={presenter || controls === 'compact'} />}
        </NextTask>
        {labOpen && (
          <LazyPart areaKey="app.area.lab">
            <LabPanel />
          </LazyPart>
        )}
        {matrixOpen && (
          <LazyPart areaKey="app.area.matrix">
            <Matrix />
          </LazyPart>
        )}
        <NextTask now={!splitFirstRender}>
          <Views slots={slots} show={panels} narrow={narrow} wide={wide} picker={header} />
        </NextTask>
      </div>
      {/* the code view is a panel (a column or a tab), except beside the compare view, which takes the panels' place */}
      <NextTask now={!splitFirstRender}>
        <Below slots={slots} show={panels} codeHere={compare} />
      </NextTask>
    </>
  );
  const className = `ss-player${reducedMotion ? ' ss-reduced-motion' : ''}${presenter ? ' ss-presenter' : ''}${narrow ? ' ss-narrow' : ''}${standalone ? ' ss-standalone' : ' ss-embedded'} ss-controls-${controls}`;
  const rootProps = {
    className,
    'data-theme': theme,
    'data-highlight': highlight ?? undefined,
    lang: lang === 'zh' ? 'zh-CN' : 'en',
    onKeyDown,
  };
  const rest = <LiveRegion />;

  if (landmark === 'region')
    // One named region in the host page: no main, banner or contentinfo of ours among the page's landmarks, and its
    // parts named groups inside it (shell/Region), not regions of their own.
    return (
      <section {...rootProps} ref={rootRef} aria-label={t('app.player.region')}>
        <LandmarkContext.Provider value="region">
          {header && (
            <LazyPart areaKey="app.area.header">
              <Header onHelp={() => setHelp(true)} />
            </LazyPart>
          )}
          <div className="ss-main" ref={mainRef} tabIndex={-1}>
            {body}
          </div>
          {rest}
        </LandmarkContext.Provider>
      </section>
    );
  return (
    // The player root receives bubbling key events from its controls; it is not itself interactive.
    <div {...rootProps} ref={rootRef}>
      {header && (
        <LazyPart areaKey="app.area.header">
          <Header onHelp={() => setHelp(true)} lab={standalone} />
        </LazyPart>
      )}
      <main className="ss-main" ref={mainRef} tabIndex={-1} aria-label={standalone ? undefined : t('app.player.region')}>
        {/* without the header (presenter mode, embed.html) the page still has its title heading */}
        {!header && <h1 className="ss-visually-hidden">{t('app.title')}</h1>}
        {body}
      </main>
      {!presenter && standalone && (
        <footer className="ss-footer">
          <p>{t('app.footer.about')}</p>
        </footer>
      )}
      {rest}
    </div>
  );
}
