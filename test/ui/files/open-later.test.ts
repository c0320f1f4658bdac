// The file opener's code loads with the first file (ui/files/openLater.ts): a file opens through it as through
// openFile itself; a chunk that fails to arrive is a notice naming the file and the failure, and the next file
// fetches the code again.
import { describe, expect, test } from 'vitest';
import { analyzeInput } from '../../../src/core/session/session';
import { createPlayerStore } from '../../../src/store/player';
import { openerWith, openUserFileLater } from '../../../src/ui/files/openLater';
import { translate, type MessageKey } from '../../../src/i18n';
import { manualScheduler } from '../../store/fixture';

const SSE = 'data: {"choices":[{"index":0,"delta":{"content":"hi"}}]}\n\ndata: [DONE]\n\n';
const player = () => createPlayerStore({ analyze: async (input, n) => analyzeInput(input, n), fetchText: async () => '{"recordings":[]}', scheduler: manualScheduler() });

describe('opening a file loads its code on first use', () => {
  test('a file opens through the lazily loaded opener', async () => {
    const p = player();
    await openUserFileLater(new File([SSE], 'hi.sse'), p, null);
    expect(p.getState().session?.frames.count).toBe(2);
  });

  test('a chunk that fails names the file and the failure; the next file fetches the code again', async () => {
    let calls = 0;
    const open = openerWith(async () => {
      calls++;
      if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return import('../../../src/ui/files/openFile');
    });
    const p = player();
    await open(new File([SSE], 'first.sse'), p, null);
    const warned = p.getState().warnings.at(-1);
    expect(warned?.key).toBe('files.readError');
    expect(translate('en', warned?.key as MessageKey, warned?.params)).toBe('Could not read “first.sse”: Failed to fetch dynamically imported module');
    expect(p.getState().session).toBeNull();
    await open(new File([SSE], 'second.sse'), p, null);
    expect(calls).toBe(2);
    expect(p.getState().session?.frames.count).toBe(2);
  });
});
