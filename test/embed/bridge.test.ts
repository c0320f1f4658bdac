// The embed's postMessage bridge with a stand-in window and parent: messages to the host are posted to the host's
// origin only (never '*'); commands are taken only from the parent window at that origin; a refused streamscope:*
// command gets a streamscope:error reply naming its field; an unknown, invalid or mismatched host means no messages
// either way and a notice in the player.
import { describe, expect, test } from 'vitest';
import { connectBridge, hostNotice, refusal, type BridgeOptions, type CommandChecker } from '../../src/embed/bridge';
import { checkCommand } from '../../src/embed/protocol';
import { FALLBACK_MS, nextFrameScheduler } from '../../src/embed/coalesce';
import type { PlayerHandle } from '../../src/embed/mount';
import { resolveHost } from '../../src/embed/origin';
import type { Notice } from '../../src/store/state';

const HOST = 'https://course.example.edu';

function setup(
  clues = { host: null as string | null, ancestor: HOST as string | null, referrer: `${HOST}/lesson/2` as string | null },
  protocol: BridgeOptions['protocol'] = { checkCommand },
  more: Pick<BridgeOptions, 'shown'> = {},
) {
  const posted: { message: unknown; target: string }[] = [];
  const parent = { postMessage: (message: unknown, target: string) => posted.push({ message, target }) };
  const stranger = {};
  const target = new EventTarget();
  const win = Object.assign(target, { parent, document: { body: {} } }) as unknown as Window;
  const calls: string[] = [];
  const warnings: Notice[] = [];
  const listeners = new Map<string, (p: unknown) => void>();
  const handle = {
    seek: (f: number) => calls.push(`seek ${f}`),
    play: () => calls.push('play'),
    pause: () => calls.push('pause'),
    setStrategy: (id: string) => calls.push(`strategy ${id}`),
    load: async (_text: string, name?: string) => void calls.push(`load ${name}`),
    on: (event: string, l: (p: unknown) => void) => {
      listeners.set(event, l);
      return () => listeners.delete(event);
    },
    dispose: () => undefined,
    warn: (n: Notice) => warnings.push(n),
    getState: () => ({ strategy: 'per-call-buffer' }),
  } as unknown as PlayerHandle;
  // the next animation frame, by hand: `frameTick()` runs what waits for it
  const waiting: (() => void)[] = [];
  const schedule = (run: () => void) => {
    waiting.push(run);
    return () => waiting.splice(waiting.indexOf(run) >>> 0, 1);
  };
  const frameTick = () => {
    for (const run of waiting.splice(0)) run();
  };
  // the pause a seek waits in a flood, by hand too: `calmTick()` ends it
  const calming: (() => void)[] = [];
  const calm = (run: () => void) => {
    calming.push(run);
    return () => calming.splice(calming.indexOf(run) >>> 0, 1);
  };
  const calmTick = () => {
    for (const run of calming.splice(0)) run();
  };
  const stop = connectBridge(handle, win, () => 321, { clues, limits: { loadBytes: 16 }, schedule, calm, protocol, ...more });
  const send = (data: unknown, from: { source: unknown; origin: string } = { source: parent, origin: HOST }) =>
    // Node's MessageEvent takes only a MessagePort as source: an Event carrying the same three fields
    target.dispatchEvent(Object.defineProperties(new Event('message'), { data: { value: data }, origin: { value: from.origin }, source: { value: from.source } }));
  return { posted, parent, stranger, calls, warnings, listeners, send, stop, frameTick, waiting, calmTick, calming };
}

describe('the bridge talks to the embedding origin only', () => {
  test('every message to the host names its origin as the target, never "*"', () => {
    const b = setup();
    b.listeners.get('frame')?.({ index: 3, time: 12 });
    b.frameTick();
    b.listeners.get('error')?.({ key: 'app.error.fetch', params: { name: 'x.jsonl', message: 'HTTP 404' } });
    expect(b.posted.map((p) => p.target)).toEqual([HOST, HOST, HOST]);
    expect(b.posted.map((p) => (p.message as { type: string }).type)).toEqual(['streamscope:resize', 'streamscope:frame', 'streamscope:error']);
    expect(b.posted[2]?.message).toEqual({ type: 'streamscope:error', message: 'app.error.fetch', params: { name: 'x.jsonl', message: 'HTTP 404' } });
  });

  test('a command from the parent at the host origin is obeyed; from another origin or another window it is ignored, without a reply', () => {
    const b = setup();
    b.send({ type: 'streamscope:seek', frame: 4 });
    b.send({ type: 'streamscope:seek', frame: 5 }, { source: b.parent, origin: 'https://evil.example' });
    b.send({ type: 'streamscope:seek', frame: 6 }, { source: b.stranger, origin: HOST });
    b.send({ type: 'streamscope:seek', frame: 'x' }, { source: b.parent, origin: 'https://evil.example' });
    b.frameTick();
    expect(b.calls).toEqual(['seek 4']);
    expect(b.posted.filter((p) => (p.message as { type: string }).type === 'streamscope:error')).toEqual([]);
  });

  test('a refused command gets streamscope:error naming the field and the reason; a message that is not ours gets nothing', () => {
    const b = setup();
    const bad: [unknown, Record<string, unknown>][] = [
      [{ type: 'streamscope:seek', frame: '3' }, { command: 'streamscope:seek', field: 'frame', reason: 'wrong-type' }],
      [{ type: 'streamscope:seek', frame: -1 }, { field: 'frame', reason: 'out-of-range', limit: 999_999_999 }],
      [{ type: 'streamscope:seek', frame: 1.5 }, { field: 'frame', reason: 'not-an-integer' }],
      [{ type: 'streamscope:setStrategy', id: 'eval' }, { field: 'id', reason: 'unknown-strategy' }],
      [{ type: 'streamscope:load', text: '字'.repeat(6), name: 'cjk.jsonl' }, { message: 'files.tooLarge', field: 'text', reason: 'too-large', limit: 16, size: 18, params: { name: 'cjk.jsonl', size: '0.0', limit: 16 / (1024 * 1024) } }],
      [{ type: 'streamscope:load', text: 'data: {}\n\n', name: 'a\u0007b' }, { field: 'name', reason: 'control-characters' }],
      [JSON.parse('{"type":"streamscope:play","__proto__":{"x":1}}'), { field: '__proto__', reason: 'forbidden-key' }],
      [{ type: 'streamscope:play', constructor: 1 }, { field: 'constructor', reason: 'forbidden-key' }],
      [{ type: 'streamscope:pause', extra: 1 }, { field: 'extra', reason: 'unknown-field' }],
      [{ type: 'streamscope:format-disk' }, { field: 'type', reason: 'unknown-command' }],
    ];
    for (const [data] of bad) b.send(data);
    for (const data of ['streamscope:seek', null, 42, { type: 'other:seek' }, [{ type: 'streamscope:seek', frame: 1 }]]) b.send(data);
    const errors = b.posted.filter((p) => (p.message as { type: string }).type === 'streamscope:error');
    expect(errors).toHaveLength(bad.length);
    errors.forEach((e, i) => {
      expect(e.target).toBe(HOST);
      expect(e.message).toMatchObject(bad[i]?.[1] as object);
      const m = e.message as { message: string; field: string; params: { field?: string } };
      if (m.message !== 'files.tooLarge') expect(m).toMatchObject({ message: 'embed.command.refused', params: { field: m.field } });
    });
    expect(b.calls).toEqual([]);
    // a load over the limit is said in the player too
    expect(b.warnings.map((w) => w.key)).toEqual(['files.tooLarge']);
    // ({}).x is still undefined: nothing reached a prototype
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  test('an unknown, invalid or mismatched host: nothing is posted, nothing is taken, the player says why', () => {
    const cases = [
      [{ host: null, ancestor: null, referrer: '' }, 'embed.host.unknown'],
      [{ host: 'javascript:alert(1)', ancestor: HOST, referrer: null }, 'embed.host.invalid'],
      [{ host: 'https://other.example', ancestor: HOST, referrer: null }, 'embed.host.mismatch'],
      [{ host: null, ancestor: 'null', referrer: 'file:///lesson.html' }, 'embed.host.unknown'],
    ] as const;
    for (const [clues, key] of cases) {
      const b = setup({ ...clues });
      b.send({ type: 'streamscope:seek', frame: 1 });
      b.send({ type: 'streamscope:seek', frame: 'bad' });
      b.listeners.get('frame')?.({ index: 1, time: 0 });
      b.frameTick();
      expect(b.posted, key).toEqual([]);
      expect(b.calls, key).toEqual([]);
      expect(b.warnings.map((w) => w.key)).toEqual([key]);
    }
  });

  test('host= that agrees with the embedder (or stands alone) is the target; the resolution and the notices', () => {
    const b = setup({ host: `${HOST}/any/page?x=1`, ancestor: null, referrer: null });
    expect(b.posted[0]?.target).toBe(HOST);
    expect(resolveHost({ host: null, ancestor: null, referrer: 'https://a.example/p' })).toEqual({ kind: 'known', origin: 'https://a.example', via: 'referrer' });
    expect(hostNotice({ kind: 'mismatch', configured: 'https://a.example', actual: 'https://b.example' })).toEqual({
      key: 'embed.host.mismatch',
      params: { configured: 'https://a.example', actual: 'https://b.example' },
    });
    expect(refusal({ command: 'streamscope:seek', field: 'frame', reason: 'wrong-type' }, {})).toEqual({
      type: 'streamscope:error',
      message: 'embed.command.refused',
      params: { command: 'streamscope:seek', field: 'frame', reason: 'wrong-type' },
      command: 'streamscope:seek',
      field: 'frame',
      reason: 'wrong-type',
    });
  });
});

describe('the bridge under a flood', () => {
  const types = (b: ReturnType<typeof setup>) => b.posted.map((p) => (p.message as { type: string }).type);

  test('100,000 seeks in one frame are one seek, the last; a command after them applies it first, in order', () => {
    const b = setup();
    for (let i = 0; i < 100_000; i++) b.send({ type: 'streamscope:seek', frame: i % 6 });
    expect(b.calls).toEqual([]);
    expect(b.waiting).toHaveLength(1);
    b.frameTick();
    expect(b.calls).toEqual(['seek 3']);
    // right after a flood, a seek waits out the pause, not a frame; one that comes alone then waits a frame again
    b.send({ type: 'streamscope:seek', frame: 5 });
    b.frameTick();
    expect(b.calls).toEqual(['seek 3']);
    expect(b.calming).toHaveLength(1);
    b.calmTick();
    expect(b.calls).toEqual(['seek 3', 'seek 5']);
    b.send({ type: 'streamscope:seek', frame: 4 });
    expect([b.waiting.length, b.calming.length]).toEqual([1, 0]);
    b.frameTick();
    expect(b.calls).toEqual(['seek 3', 'seek 5', 'seek 4']);
    b.calls.splice(0);
    b.send({ type: 'streamscope:seek', frame: 1 });
    b.send({ type: 'streamscope:setStrategy', id: 'per-call-buffer' });
    b.send({ type: 'streamscope:seek', frame: 2 });
    b.send({ type: 'streamscope:play' });
    expect(b.calls).toEqual(['seek 1', 'strategy per-call-buffer', 'seek 2', 'play']);
    b.frameTick();
    b.calmTick();
    expect(b.calls).toHaveLength(4);
  });

  test('frame events go out once per animation frame, the last of them; ended, ready and error go after it', () => {
    const b = setup();
    const frame = b.listeners.get('frame');
    for (let i = 0; i < 1000; i++) frame?.({ index: i, time: i });
    expect(types(b)).toEqual(['streamscope:resize']);
    b.frameTick();
    expect(b.posted.slice(1).map((p) => p.message)).toEqual([{ type: 'streamscope:frame', index: 999, time: 999 }]);
    frame?.({ index: 5, time: 50 });
    b.listeners.get('ended')?.({ index: 5 });
    expect(types(b).slice(2)).toEqual(['streamscope:frame', 'streamscope:ended']);
    b.frameTick();
    expect(types(b)).toHaveLength(4);
  });

  test('stopping the bridge drops what waits', () => {
    const b = setup();
    b.send({ type: 'streamscope:seek', frame: 4 });
    b.listeners.get('frame')?.({ index: 4, time: 1 });
    b.stop();
    expect(b.waiting).toEqual([]);
    expect(b.calls).toEqual([]);
  });
});

describe('the command checker, fetched after the first paint', () => {
  /** A checker fetched by hand: `arrive()` resolves the fetch, `fail()` rejects it. */
  const byHand = () => {
    const asks: { resolve: (m: CommandChecker) => void; reject: (e: unknown) => void }[] = [];
    const fetchChecker = () => new Promise<CommandChecker>((resolve, reject) => void asks.push({ resolve, reject }));
    return { asks, fetchChecker, arrive: () => asks.at(-1)?.resolve({ checkCommand }), fail: () => asks.at(-1)?.reject(new Error('offline')) };
  };
  const settle = () => new Promise((r) => setTimeout(r, 0));

  test('commands that come before it wait, in order, behind it; a seek with nothing waiting goes at once', async () => {
    const c = byHand();
    const s = setup(undefined, c.fetchChecker);
    s.send({ type: 'streamscope:seek', frame: 3 });
    s.frameTick();
    expect(s.calls).toEqual(['seek 3']);
    expect(c.asks).toHaveLength(0);
    s.send({ type: 'streamscope:play' });
    s.send({ type: 'streamscope:seek', frame: 5 });
    s.send({ type: 'streamscope:setStrategy', id: 'no-such' });
    s.send({ type: 'streamscope:pause' });
    s.frameTick();
    expect(s.calls).toEqual(['seek 3']);
    expect(c.asks).toHaveLength(1);
    c.arrive();
    await settle();
    expect(s.calls).toEqual(['seek 3', 'play', 'seek 5', 'pause']);
    expect(s.posted.map((p) => (p.message as { type: string }).type)).toContain('streamscope:error');
    // from now on, at once
    s.send({ type: 'streamscope:play' });
    expect(s.calls.at(-1)).toBe('play');
  });

  test('a fetch that fails leaves the commands waiting; the next message asks again, and all apply in order', async () => {
    const c = byHand();
    const s = setup(undefined, c.fetchChecker);
    s.send({ type: 'streamscope:play' });
    c.fail();
    await settle();
    expect(s.calls).toEqual([]);
    s.send({ type: 'streamscope:pause' });
    expect(c.asks).toHaveLength(2);
    c.arrive();
    await settle();
    expect(s.calls).toEqual(['play', 'pause']);
  });

  /** The player says it is ready (a six-frame recording). */
  const readyNow = (s: ReturnType<typeof setup>) =>
    s.listeners.get('ready')?.({ session: { frames: { count: 6 } }, source: { kind: 'shipped', id: 'parallel-probe' } });
  /** One animation frame, then what it set off; how many times the checker has been asked for by then. */
  const tick = async (s: ReturnType<typeof setup>, c: ReturnType<typeof byHand>) => {
    s.frameTick();
    await settle();
    return c.asks.length;
  };

  test('a ready player asks for it two animation frames later (its first paint may be a frame after ready), before any command needs it', async () => {
    const c = byHand();
    const s = setup(undefined, c.fetchChecker);
    readyNow(s);
    expect(c.asks).toHaveLength(0);
    expect(await tick(s, c)).toBe(0);
    expect(await tick(s, c)).toBe(1);
    c.arrive();
    await settle();
    s.send({ type: 'streamscope:play' });
    expect(s.calls).toEqual(['play']);
  });

  test('behind a poster (shown given), it asks two animation frames after the player is all painted, not after ready', async () => {
    const c = byHand();
    let show: () => void = () => {};
    const shown = new Promise<void>((r) => (show = r));
    const s = setup(undefined, c.fetchChecker, { shown });
    readyNow(s);
    for (let i = 0; i < 3; i++) expect(await tick(s, c)).toBe(0);
    show();
    await settle();
    expect(await tick(s, c)).toBe(0);
    expect(await tick(s, c)).toBe(1);
  });
});

describe('nextFrameScheduler', () => {
  const fakeWindow = () => {
    const frames = new Map<number, () => void>();
    const timers = new Map<number, () => void>();
    let id = 0;
    return {
      frames,
      timers,
      win: {
        requestAnimationFrame: (f: () => void) => (frames.set(++id, f), id),
        cancelAnimationFrame: (n: number) => void frames.delete(n),
        setTimeout: (f: () => void) => (timers.set(++id, f), id),
        clearTimeout: (n: number) => void timers.delete(n),
      } as unknown as Window,
    };
  };

  test('runs once, on the animation frame or after the fallback, whichever comes first; cancel stops it', () => {
    for (const first of ['frame', 'timer'] as const) {
      const w = fakeWindow();
      let runs = 0;
      nextFrameScheduler(w.win)(() => runs++);
      const [a, b] = first === 'frame' ? [w.frames, w.timers] : [w.timers, w.frames];
      const [fa] = [...a.values()];
      fa?.();
      expect(runs).toBe(1);
      expect(w.frames.size + w.timers.size).toBe(0);
      for (const f of b.values()) f();
      expect(runs).toBe(1);
    }
    const w = fakeWindow();
    let runs = 0;
    const cancel = nextFrameScheduler(w.win)(() => runs++);
    cancel();
    expect(w.frames.size + w.timers.size).toBe(0);
    expect(runs).toBe(0);
    expect(FALLBACK_MS).toBe(100);
  });
});
