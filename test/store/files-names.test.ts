// Nothing kept is lost without a word: a second file with the name of a kept one is kept beside it ("name (2).ext")
// with a notice, the same content reopens under its name, and a save refused for quota says so in the reader's
// language (a hand-made IndexedDB whose put fails with QuotaExceededError, as a full browser storage does).
import { describe, expect, test, vi } from 'vitest';
import { analyzeInput } from '../../src/core/session/session';
import { fileStoreNotice } from '../../src/store/files';
import { createIdbFileStore, FileStoreError } from '../../src/store/idbFileStore';
import { freeName, sameContent } from '../../src/store/files-names';
import { createPlayerStore } from '../../src/store/player';
import type { Analyzer, FileStore } from '../../src/store/state';
import { en as noticesEn } from '../../src/i18n/messages/notices';
import { zh as noticesZh } from '../../src/i18n/messages/zh/notices';
import { openPastedText, openUserFile } from '../../src/ui/files/openFile';
import { manualScheduler } from './fixture';

const analyze: Analyzer = async (input, name) => analyzeInput(input, name);
const A = 'data: {"a":1}\n\n';
const B = 'data: {"b":2}\n\n';
/** vi.waitFor's default is 1 s, which a busy machine can overrun; a pass returns as soon as the condition holds. */
const SLOW = { timeout: 10_000 };

describe('freeName', () => {
  test.each([
    ['a.sse', [], 'a.sse'],
    ['a.sse', ['a.sse'], 'a (2).sse'],
    ['a.sse', ['a.sse', 'a (2).sse'], 'a (3).sse'],
    ['run.v2.jsonl', ['run.v2.jsonl'], 'run.v2 (2).jsonl'],
    ['.env', ['.env'], '.env (2)'],
    ['notes', ['notes'], 'notes (2)'],
  ])('%s among %j -> %s', (name, taken, expected) => expect(freeName(name, taken)).toBe(expected));

  test('sameContent compares text as UTF-8 bytes', () => {
    expect(sameContent('日', new Uint8Array([0xe6, 0x97, 0xa5]))).toBe(true);
    expect(sameContent('日', new Uint8Array([0xe6, 0x97]))).toBe(false);
    expect(sameContent(A, B)).toBe(false);
  });
});

describe('opening a second file with a kept name', () => {
  const memory = (): FileStore & { kept: Map<string, string | Uint8Array> } => {
    const kept = new Map<string, string | Uint8Array>();
    return {
      kept,
      list: async () => [...kept.keys()],
      get: async (name) => kept.get(name),
      put: async (name, input) => void kept.set(name, input),
      remove: async (name) => void kept.delete(name),
    };
  };
  const file = (text: string, name: string) => new File([text], name);

  test('keeps both, says so, and the first file still opens with its own content', async () => {
    const fs = memory();
    const player = createPlayerStore({ analyze, fetchText: async () => '{"recordings":[]}', scheduler: manualScheduler(), fileStore: fs });
    await openUserFile(file(A, 'trace.sse'), player, fs);
    await vi.waitFor(() => expect(fs.kept.has('trace.sse')).toBe(true), SLOW);
    await openUserFile(file(B, 'trace.sse'), player, fs);
    await vi.waitFor(() => expect(fs.kept.has('trace (2).sse')).toBe(true), SLOW);
    expect(player.getState().files).toEqual(['trace.sse', 'trace (2).sse']);
    expect(new TextDecoder().decode(fs.kept.get('trace.sse') as Uint8Array)).toBe(A);
    expect(new TextDecoder().decode(fs.kept.get('trace (2).sse') as Uint8Array)).toBe(B);
    expect(player.getState().warnings.at(-1)).toMatchObject({ key: 'files.renamed', params: { name: 'trace.sse', kept: 'trace (2).sse' } });
    expect(player.getState().source).toEqual({ kind: 'file', name: 'trace (2).sse' });
  });

  test('the same content opens again under its own name, with no copy and no notice', async () => {
    const fs = memory();
    const player = createPlayerStore({ analyze, fetchText: async () => '{"recordings":[]}', scheduler: manualScheduler(), fileStore: fs });
    await openUserFile(file(A, 'trace.sse'), player, fs);
    await vi.waitFor(() => expect(fs.kept.has('trace.sse')).toBe(true), SLOW);
    const notices = player.getState().warnings.length;
    await openUserFile(file(A, 'trace.sse'), player, fs);
    expect(player.getState().files).toEqual(['trace.sse']);
    expect(player.getState().warnings.length).toBe(notices);
  });

  test('a name kept in storage but not listed yet (dropped as the page opens) is not replaced', async () => {
    const fs = memory();
    fs.kept.set('pasted.sse', A);
    const player = createPlayerStore({ analyze, fetchText: async () => '{"recordings":[]}', scheduler: manualScheduler(), fileStore: fs });
    await openPastedText(B, 'pasted.sse', player, fs);
    await vi.waitFor(() => expect(fs.kept.get('pasted (2).sse')).toBe(B), SLOW);
    expect(fs.kept.get('pasted.sse')).toBe(A);
  });

  test('without a file store (an embed), a different file of the same name is kept beside it for the page', async () => {
    const player = createPlayerStore({ analyze, fetchText: async () => '{"recordings":[]}', scheduler: manualScheduler() });
    await openPastedText(A, 'p.sse', player, null);
    await openPastedText(B, 'p.sse', player, null);
    expect(player.getState().files).toEqual(['p.sse', 'p (2).sse']);
  });
});

/** Just enough IndexedDB for createIdbFileStore: the store exists; every put fails as a full storage does. */
function quotaFactory(): IDBFactory {
  const later = (f: () => void) => setTimeout(f, 0);
  const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  const db = {
    objectStoreNames: { contains: () => true },
    close: () => undefined,
    transaction() {
      const tx: Record<string, unknown> & { oncomplete?: () => void; onabort?: () => void } = { error: null };
      const reqOf = (result: unknown, fail: boolean) => {
        const req: Record<string, unknown> & { onsuccess?: () => void; onerror?: () => void } = { result, error: null };
        later(() => {
          if (fail) {
            req.error = quota;
            req.onerror?.();
            tx.error = quota;
            tx.onabort?.();
          } else {
            req.onsuccess?.();
            tx.oncomplete?.();
          }
        });
        return req;
      };
      tx.objectStore = () => ({ indexNames: { contains: () => true }, put: () => reqOf(undefined, true), get: () => reqOf(undefined, false), index: () => ({ getAllKeys: () => reqOf([], false) }) });
      return tx;
    },
  };
  return {
    open() {
      const req: Record<string, unknown> & { onsuccess?: () => void } = { result: db };
      later(() => req.onsuccess?.());
      return req;
    },
  } as unknown as IDBFactory;
}

describe('a full storage', () => {
  test('put rejects with a FileStoreError whose notice names the file', async () => {
    const store = createIdbFileStore(quotaFactory());
    const e = await store.put('big.sse', A).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(FileStoreError);
    expect(fileStoreNotice(e)).toEqual({ key: 'files.quota', params: { name: 'big.sse' } });
  });

  test('the player opens the file and says, in the catalog of each language, why it is not kept', async () => {
    const fs = createIdbFileStore(quotaFactory());
    const player = createPlayerStore({ analyze, fetchText: async () => '{"recordings":[]}', scheduler: manualScheduler(), fileStore: fs });
    await openPastedText(A, 'big.sse', player, fs);
    await vi.waitFor(() => expect(player.getState().warnings.at(-1)).toMatchObject({ key: 'files.quota', params: { name: 'big.sse' } }), SLOW);
    expect(player.getState().source).toEqual({ kind: 'file', name: 'big.sse' });
    expect(noticesEn['files.quota']).toMatch(/full/);
    expect(noticesZh['files.quota']).toMatch(/已满/);
  });

  test('any other failure keeps the browser’s words', () => {
    expect(fileStoreNotice(new Error('saving “x”: blocked'))).toEqual({ key: 'app.warn.fileStore', params: { message: 'saving “x”: blocked' } });
  });
});
