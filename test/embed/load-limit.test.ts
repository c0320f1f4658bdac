// A page's `streamscope:load` over the limit always gets an answer, and the limit is in UTF-8 bytes, not characters:
// the bridge answers a refused command with `streamscope:error` (for the size: 'files.tooLarge' with the size and
// the limit, shown in the player too), and a `load` through the mount API is refused by the loader the same way.
// The limit is mocked down to 100 bytes so that a 40-character CJK text (120 bytes) crosses it.
import { describe, expect, test, vi } from 'vitest';
import { frameIndex } from '../../src/core/types';
import { analyzeInput } from '../../src/core/session/session';
import { connectBridge } from '../../src/embed/bridge';
import type { PlayerHandle } from '../../src/embed/mount';
import { checkCommand } from '../../src/embed/protocol';
import { oversize, utf8Bytes } from '../../src/store/files-size';
import { createPlayerStore } from '../../src/store/player';
import { en as noticesEn } from '../../src/i18n/messages/notices';
import { zh as noticesZh } from '../../src/i18n/messages/zh/notices';
import { manualScheduler } from '../store/fixture';

vi.mock('../../src/store/recordingLimit', () => ({ MAX_RECORDING_BYTES: 100 }));

const CJK = '日'.repeat(40); // 40 characters, 120 bytes

describe('bytes, not characters', () => {
  test('utf8Bytes and oversize count UTF-8 bytes', () => {
    expect(utf8Bytes('a日😀\ud800')).toBe(1 + 3 + 4 + 3);
    expect(utf8Bytes(CJK)).toBe(new TextEncoder().encode(CJK).length);
    expect(oversize(CJK, 100)).toBe(120);
    expect(oversize('日'.repeat(33), 100)).toBeNull();
    expect(oversize(new Uint8Array(101), 100)).toBe(101);
  });

  test('checkCommand refuses text over the limit in bytes though its characters are under it', () => {
    expect(checkCommand({ type: 'streamscope:load', text: CJK }, { loadBytes: 100 })).toEqual({
      ok: false,
      error: { command: 'streamscope:load', field: 'text', reason: 'too-large', limit: 100, size: 120 },
    });
    expect(checkCommand({ type: 'streamscope:load', text: '日'.repeat(33) }, { loadBytes: 100 })?.ok).toBe(true);
  });
});

function bridged() {
  const store = createPlayerStore({ analyze: async (input, name) => analyzeInput(input, name), fetchText: async () => '{"recordings":[]}', scheduler: manualScheduler() });
  const handle = {
    warn: store.actions.warn,
    getState: store.getState,
    seek: (f: number) => store.actions.seek(frameIndex(f)),
    play: () => store.actions.play(),
    pause: () => store.actions.pause(),
    setStrategy: () => {},
    load: (text: string, name = 'page.jsonl') => store.actions.loadRecording({ input: text, name }),
    on: store.on,
    dispose: () => {},
  } as unknown as PlayerHandle;
  const posted: unknown[] = [];
  const parent = { postMessage: (m: unknown) => posted.push(m) };
  let onMessage: ((e: { source: unknown; origin: string; data: unknown }) => void) | undefined;
  const win = {
    parent,
    addEventListener: (_: string, f: typeof onMessage) => (onMessage = f),
    removeEventListener: () => {},
    document: { body: {} },
  } as unknown as Window;
  connectBridge(handle, win, () => 100, { clues: { host: 'https://course.example', ancestor: null, referrer: null }, protocol: { checkCommand } });
  const send = (data: unknown) => onMessage?.({ source: parent, origin: 'https://course.example', data });
  const errors = () => posted.filter((m) => (m as { type: string }).type === 'streamscope:error');
  return { store, handle, send, errors };
}

describe('the bridge always answers', () => {
  test('a load over the limit in bytes gets streamscope:error files.tooLarge, and the player says so', () => {
    const { store, send, errors } = bridged();
    send({ type: 'streamscope:load', text: CJK, name: 'cjk.jsonl' });
    expect(errors()).toEqual([
      {
        type: 'streamscope:error',
        message: 'files.tooLarge',
        params: { name: 'cjk.jsonl', size: '0.0', limit: 100 / (1024 * 1024) },
        command: 'streamscope:load',
        field: 'text',
        reason: 'too-large',
        limit: 100,
        size: 120,
      },
    ]);
    expect(store.getState().warnings.at(-1)).toMatchObject({ key: 'files.tooLarge', params: { name: 'cjk.jsonl' } });
  });

  test('any other refused command is answered too, with a key both catalogs word', () => {
    const { send, errors } = bridged();
    send({ type: 'streamscope:seek', frame: -1 });
    send({ type: 'streamscope:load', text: 42 });
    send({ type: 'not-ours' });
    expect(errors()).toMatchObject([
      { message: 'embed.command.refused', field: 'frame', reason: 'out-of-range' },
      { message: 'embed.command.refused', field: 'text', reason: 'wrong-type' },
    ]);
    expect(noticesEn['embed.command.refused']).toContain('{field}');
    expect(noticesZh['embed.command.refused']).toContain('{field}');
  });

  test('load() of the mount API over the limit fails with files.tooLarge, posted with its params', async () => {
    const { handle, errors } = bridged();
    await handle.load(CJK, 'api.jsonl');
    expect(errors()).toEqual([{ type: 'streamscope:error', message: 'files.tooLarge', params: { name: 'api.jsonl', size: '0.0', limit: 100 / (1024 * 1024) } }]);
  });
});
