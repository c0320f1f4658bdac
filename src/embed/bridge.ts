/**
 * The postMessage bridge of embed.html: commands from the parent page drive the player; the player's events and
 * its height go back to the parent. Messages from any window other than our parent are ignored, and so is anything
 * not in our namespace. A `streamscope:*` command that is refused (see protocol.ts) is answered with
 * `streamscope:error` naming the field and the reason: a `load` whose text is over the limit (in UTF-8 bytes) gets
 * message 'files.tooLarge' with its size and the limit, and the player shows that notice too; any other refusal
 * gets 'embed.command.refused'.
 */
import { MAX_RECORDING_BYTES } from '../store/fetchRecording';
import type { PlayerHandle } from './mount';
import { checkCommand, type CommandError, type PlayerEventMessage } from './protocol';

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

export function connectBridge(handle: PlayerHandle, win: Window, measure: () => number): () => void {
  const parent = win.parent;
  if (!parent || parent === win) return () => {};
  const post = (message: PlayerEventMessage) => parent.postMessage(message, '*');

  const onMessage = (e: MessageEvent) => {
    if (e.source !== parent) return;
    const checked = checkCommand(e.data);
    if (!checked) return;
    if (!checked.ok) {
      const answer = refusal(checked.error, e.data);
      if (answer.type === 'streamscope:error' && answer.message === 'files.tooLarge' && answer.params) handle.store.actions.warn({ key: answer.message, params: answer.params });
      return post(answer);
    }
    const { command } = checked;
    switch (command.type) {
      case 'streamscope:seek':
        return handle.seek(command.frame);
      case 'streamscope:play':
        return handle.play();
      case 'streamscope:pause':
        return handle.pause();
      case 'streamscope:setStrategy':
        return handle.setStrategy(command.id);
      case 'streamscope:load':
        void handle.load(command.text, command.name);
        return;
    }
  };
  win.addEventListener('message', onMessage);

  const offs = [
    handle.on('ready', ({ session, source }) =>
      post({
        type: 'streamscope:ready',
        frames: session.frames.length,
        strategy: handle.store.getState().strategy,
        source: source.kind === 'shipped' ? source.id : source.name,
      }),
    ),
    handle.on('frame', ({ index, time }) => post({ type: 'streamscope:frame', index, time })),
    handle.on('ended', ({ index }) => post({ type: 'streamscope:ended', index })),
    handle.on('error', (notice) => post({ type: 'streamscope:error', message: notice.key, ...(notice.params && { params: notice.params }) })),
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
  const observer = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(report) : null;
  observer?.observe(win.document.body);
  report();

  return () => {
    win.removeEventListener('message', onMessage);
    observer?.disconnect();
    for (const off of offs) off();
  };
}
