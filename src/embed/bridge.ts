/**
 * The postMessage bridge of embed.html: commands from the parent page drive the player; the player's events and
 * its height go back to the parent. Messages from any window other than our parent are ignored, and so is anything
 * that is not a well-formed `streamscope:*` command (see protocol.ts).
 */
import type { PlayerHandle } from './mount';
import { parseCommand, type PlayerEventMessage } from './protocol';

export function connectBridge(handle: PlayerHandle, win: Window, measure: () => number): () => void {
  const parent = win.parent;
  if (!parent || parent === win) return () => {};
  const post = (message: PlayerEventMessage) => parent.postMessage(message, '*');

  const onMessage = (e: MessageEvent) => {
    if (e.source !== parent) return;
    const command = parseCommand(e.data);
    if (!command) return;
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
    handle.on('error', (notice) => post({ type: 'streamscope:error', message: notice.key })),
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
