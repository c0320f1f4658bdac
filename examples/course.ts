// The example course page's own script: defines <streamscope-player> and drives the iframe by postMessage,
// exactly as a course author would (see docs/embedding.md).
import '../src/embed/define';

const iframe = document.getElementById('lesson-iframe') as HTMLIFrameElement;
const status = document.getElementById('iframe-status') as HTMLOutputElement;
let frames = 0;
// to the player's origin only, and only its messages are read (docs/embedding.md, "Origins")
const PLAYER = new URL(iframe.src, location.href).origin;
const send = (message: Record<string, unknown>) => iframe.contentWindow?.postMessage(message, PLAYER);

window.addEventListener('message', (e) => {
  if (e.source !== iframe.contentWindow || e.origin !== PLAYER) return;
  const data = e.data as { type?: string; frames?: number; index?: number; height?: number };
  if (data.type === 'streamscope:ready') {
    frames = data.frames ?? 0;
    status.value = `ready: ${frames} frames`;
  } else if (data.type === 'streamscope:frame') {
    status.value = `frame ${data.index}`;
  } else if (data.type === 'streamscope:resize' && typeof data.height === 'number') {
    iframe.style.height = `${Math.min(Math.max(data.height, 200), 4000)}px`;
  }
});

const on = (id: string, f: () => void) => document.getElementById(id)?.addEventListener('click', f);
on('iframe-first', () => send({ type: 'streamscope:seek', frame: 0 }));
on('iframe-last', () => send({ type: 'streamscope:seek', frame: Math.max(0, frames - 1) }));
on('iframe-shared', () => send({ type: 'streamscope:setStrategy', id: 'shared-buffer' }));
on('iframe-per-call', () => send({ type: 'streamscope:setStrategy', id: 'per-call-buffer' }));
on('iframe-play', () => send({ type: 'streamscope:play' }));
on('iframe-pause', () => send({ type: 'streamscope:pause' }));
on('el-seek', () => (document.getElementById('player-a') as (HTMLElement & { seek(f: number): void }) | null)?.seek(5));
