/**
 * The postMessage bridge of embed.html: commands from the embedding page drive the player; the player's events and
 * its height go back to that page (docs/embedding.md, "Origins").
 *
 * Contract: the embedding page's origin is resolved once (origin.ts: `host=`, else ancestorOrigins, else the
 * referrer). When it is known, every message to the parent is posted with that origin as its target (never '*'), and
 * a message is taken only when its source is the parent window AND its origin is that origin; anything else is
 * ignored without a reply. When it is not known (none found, `host=` not an http(s) URL, or `host=` naming another
 * origin than the embedder's), the bridge neither sends nor accepts anything and the player shows a notice saying
 * why. A `streamscope:*` message from the host that is refused by protocol.ts (types, sizes, forbidden keys,
 * unknown fields) gets a `streamscope:error` reply naming the command, the field and the reason: a `load` whose
 * text is over the limit (in UTF-8 bytes) gets message 'files.tooLarge' with its size and the limit, and the player
 * shows that notice too; any other refusal gets 'embed.command.refused'. Messages that are not `streamscope:*` are
 * not ours and get no reply.
 * Under a flood (./coalesce.ts): `seek` commands wait for the next animation frame and only the last one is applied
 * (any other command applies the waiting seek first, so the order holds); while more than FLOOD_SEEKS come per
 * wait, the next waits FLOOD_PAUSE_MS instead (a render every frame, between the messages, slowed getting through
 * them). `frame` events go to the host at most once per animation frame, the last one (an `ended`, `ready` or
 * `error` sends the waiting frame first). So a host posting 100,000 seeks costs one cheap check per message
 * (protocol.ts quickSeek) and a few renders, and the command after them is answered as soon as it is reached.
 */
import { MAX_RECORDING_BYTES } from '../store/recordingLimit';
import type { StrategyId } from '../core/types';
import type { Notice } from '../store/state';
import type { PlayerHandle } from './mount';
import { latest, nextFrameScheduler, pauseScheduler, type Schedule } from './coalesce';
import { hostCluesOf, resolveHost, type HostClues, type HostResolution } from './origin';
import type { CommandError, CommandLimits, PlayerEventMessage } from './protocol';
import { quickSeek } from './quickSeek';
import { retryingImport } from '../core/retryImport';

/** What the bridge needs of ./protocol.ts beyond quickSeek. */
export type CommandChecker = Pick<typeof import('./protocol'), 'checkCommand'>;

/** ./protocol.ts, fetched once (after a failed fetch, the next message asks again). */
const importProtocol = retryingImport(() => import('./protocol'));

/** The notice for a host origin the bridge will not talk to, or null when it is known. */
export function hostNotice(r: HostResolution): Notice | null {
  switch (r.kind) {
    case 'known':
      return null;
    case 'unknown':
      return { key: 'embed.host.unknown' };
    case 'invalid':
      return { key: 'embed.host.invalid', params: { value: r.value } };
    case 'mismatch':
      return { key: 'embed.host.mismatch', params: { configured: r.configured, actual: r.actual } };
  }
}

const MB = 1024 * 1024;

/** The answer to a refused command (and, for a load over the limit, the notice the player shows). */
export function refusal(error: CommandError, data: unknown): PlayerEventMessage {
  if (error.command === 'streamscope:load' && error.field === 'text' && error.reason === 'too-large') {
    const given = (data as { name?: unknown }).name;
    const name = typeof given === 'string' && given.length > 0 && given.length <= 200 ? given : 'page.jsonl';
    const size = error.size ?? MAX_RECORDING_BYTES;
    return { type: 'streamscope:error', message: 'files.tooLarge', params: { name, size: (size / MB).toFixed(1), limit: (error.limit ?? MAX_RECORDING_BYTES) / MB }, ...error };
  }
  return { type: 'streamscope:error', message: 'embed.command.refused', params: { command: error.command, field: error.field, reason: error.reason }, ...error };
}

/** What the bridge needs of a player: its commands, events, notices and the current strategy. */
export type BridgedPlayer = Pick<PlayerHandle, 'seek' | 'play' | 'pause' | 'setStrategy' | 'load' | 'warn' | 'on' | 'setTheme' | 'setLang'> & { getState(): { strategy: StrategyId } };

export interface BridgeOptions {
  /** Where the host origin is read from (default: this window's host=, ancestorOrigins and referrer). */
  clues?: HostClues;
  limits?: CommandLimits;
  /** When waiting seeks and frame events go out (default: the window's next animation frame). */
  schedule?: Schedule;
  /** When a waiting seek goes out in a flood of them (default: FLOOD_PAUSE_MS later). */
  calm?: Schedule;
  /**
   * The command checker (./protocol.ts), or how to fetch it (default: importing it, one animation frame after the
   * player is ready, or with the first message a quick seek does not cover, whichever comes first).
   */
  protocol?: CommandChecker | (() => Promise<CommandChecker>);
  /**
   * Settles when the player's first view is all painted, when that is later than its `ready` (embed.html behind its
   * poster, whose player renders in parts): the checker is fetched after it rather than after `ready`.
   */
  shown?: Promise<void>;
}

/** More seeks than this in one wait is a flood (a host following a slider sends one or two a frame). */
export const FLOOD_SEEKS = 20;

export function connectBridge(handle: BridgedPlayer, win: Window, measure: () => number, options: BridgeOptions = {}): () => void {
  const parent = win.parent;
  if (!parent || parent === win) return () => {};
  const host = resolveHost(options.clues ?? hostCluesOf(win));
  if (host.kind !== 'known') {
    const notice = hostNotice(host);
    if (notice) handle.warn(notice);
    return () => {};
  }
  const origin = host.origin;
  const post = (message: PlayerEventMessage) => parent.postMessage(message, origin);
  const schedule = options.schedule ?? nextFrameScheduler(win);
  const seeks = latest<number>(schedule, (frame) => handle.seek(frame), { flood: FLOOD_SEEKS, calm: options.calm ?? pauseScheduler(win) });
  const frames = latest<{ index: number; time: number }>(schedule, ({ index, time }) => post({ type: 'streamscope:frame', index, time }));
  /** An event that must reach the host after the frame it follows. */
  const postAfterFrame = (message: PlayerEventMessage) => {
    frames.flush();
    post(message);
  };

  // the checker: given, or fetched; messages that need it before it is in wait for it, in order (and so do the
  // ones after them, quick seeks too)
  const given = options.protocol;
  let checker: CommandChecker | null = typeof given === 'object' ? given : null;
  const fetchChecker = typeof given === 'function' ? given : importProtocol;
  const waiting: unknown[] = [];
  let fetching = false;
  let stopped = false;
  const ensureChecker = () => {
    if (checker || fetching || stopped) return;
    fetching = true;
    fetchChecker().then(
      (m) => {
        fetching = false;
        if (stopped) return;
        checker = m;
        for (const data of waiting.splice(0)) take(data, m);
      },
      () => {
        // the chunk could not be fetched: what waits keeps waiting, and the next message asks again
        fetching = false;
      },
    );
  };

  const take = (data: unknown, check: CommandChecker) => {
    // most of a flood: a well-formed seek, taken without building the checked command
    const quick = quickSeek(data);
    if (quick !== undefined) return seeks.set(quick);
    const checked = check.checkCommand(data, options.limits);
    if (!checked) return;
    if (!checked.ok) {
      const answer = refusal(checked.error, data);
      if (answer.type === 'streamscope:error' && answer.message === 'files.tooLarge' && answer.params) handle.warn({ key: answer.message, params: answer.params });
      return post(answer);
    }
    const { command } = checked;
    if (command.type === 'streamscope:seek') return seeks.set(command.frame);
    // any other command comes after the seeks sent before it
    seeks.flush();
    switch (command.type) {
      case 'streamscope:play':
        return handle.play();
      case 'streamscope:pause':
        return handle.pause();
      case 'streamscope:setStrategy':
        return handle.setStrategy(command.id);
      case 'streamscope:load':
        void handle.load(command.text, command.name);
        return;
      case 'streamscope:setTheme':
        return handle.setTheme(command.theme);
      case 'streamscope:setLang':
        return handle.setLang(command.lang);
    }
  };

  const onMessage = (e: MessageEvent) => {
    if (e.source !== parent || e.origin !== origin) return;
    const data: unknown = e.data;
    if (checker && waiting.length === 0) return take(data, checker);
    // before the checker is in: a quick seek with nothing waiting ahead of it goes at once, anything else waits
    const quick = waiting.length === 0 ? quickSeek(data) : undefined;
    if (quick !== undefined) return seeks.set(quick);
    waiting.push(data);
    ensureChecker();
  };
  win.addEventListener('message', onMessage);

  // the checker comes after the first paint, not among its bytes: a ready player paints in the next frame, or in the
  // one after; behind embed.html's poster, whose player renders in parts, after `shown`
  let askLater: (() => void) | null = null;
  let asked = false;
  const offs = [
    handle.on('ready', ({ session, source }) => {
      if (!asked) {
        asked = true;
        const ask = () => {
          if (!stopped) askLater = schedule(() => (askLater = schedule(() => setTimeout(ensureChecker, 0))));
        };
        if (options.shown) void options.shown.then(ask);
        else ask();
      }
      postAfterFrame({
        type: 'streamscope:ready',
        frames: session.frames.count,
        strategy: handle.getState().strategy,
        source: source.kind === 'shipped' ? source.id : source.name,
      });
    }),
    handle.on('frame', ({ index, time }) => frames.set({ index, time })),
    handle.on('ended', ({ index }) => postAfterFrame({ type: 'streamscope:ended', index })),
    handle.on('error', (notice) => postAfterFrame({ type: 'streamscope:error', message: notice.key, ...(notice.params && { params: notice.params }) })),
  ];

  let lastHeight = -1;
  const report = () => {
    const height = Math.ceil(measure());
    // nothing laid out yet (0): telling the page would collapse the iframe for a moment
    if (height > 0 && height !== lastHeight) {
      lastHeight = height;
      post({ type: 'streamscope:resize', height });
    }
  };
  // the observer's first report comes with the page's next layout: measuring here at once would lay the page out
  // inside this task (with embed.html's poster shown, its whole first view: a long task on a phone)
  const observer = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(report) : null;
  if (observer) observer.observe(win.document.body);
  else report();

  return () => {
    stopped = true;
    askLater?.();
    seeks.dispose();
    frames.dispose();
    win.removeEventListener('message', onMessage);
    observer?.disconnect();
    for (const off of offs) off();
  };
}
