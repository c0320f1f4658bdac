// Opening a file that is not UTF-8 text (UTF-16 with a BOM, gzip, binary) as a user does (a File, read as bytes,
// through the player) fails with a notice saying what the file is and what to do, in en and zh; never a 0-frame
// recording whose strategies are all ok.
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { analyzeInput } from '../../src/core/session/session';
import { createPlayerStore } from '../../src/store/player';
import { openUserFile } from '../../src/ui/files/openFile';
import { translate, type MessageKey } from '../../src/i18n';
import { manualScheduler } from './fixture';

const SSE = 'data: {"choices":[{"index":0,"delta":{"content":"hi"}}]}\n\ndata: [DONE]\n\n';
const utf16le = new Uint8Array([0xff, 0xfe, ...Buffer.from(SSE, 'utf16le')]);
const binary = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256);

describe('a file that is not UTF-8 text, opened in the player', () => {
  test.each([
    ['utf16.sse', utf16le, /UTF-16 LE text, not UTF-8: convert it to UTF-8 first/, /UTF-16 LE 文本，不是 UTF-8：请先转换成 UTF-8/],
    ['stream.sse', new Uint8Array(gzipSync(SSE)), /gzip-compressed: decompress it first/, /gzip 压缩：请先解压/],
    ['noise.sse', binary, /binary data, not text/, /二进制数据，不是文本/],
  ])('%s says what it is and what to do', async (name, bytes, en, zh) => {
    const player = createPlayerStore({ analyze: async (input, n) => analyzeInput(input, n), fetchText: async () => '{"recordings":[]}', scheduler: manualScheduler() });
    await openUserFile(new File([bytes], name), player, null);
    const status = player.getState().status;
    expect(status.kind).toBe('error');
    if (status.kind !== 'error') return;
    expect(translate('en', status.notice.key as MessageKey, status.notice.params)).toMatch(en);
    expect(translate('zh', status.notice.key as MessageKey, status.notice.params)).toMatch(zh);
    expect(player.getState().session).toBeNull();
  });
});
