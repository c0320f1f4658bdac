// @vitest-environment jsdom
// A provenance link shows the host it really goes to beside the text the recording chose, so a file cannot label
// evil.example "Official docs"; only http(s) URLs become links.
import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createPlayerStore } from '../../src/store/player';
import { PlayerProvider } from '../../src/store/react';
import { Provenance, provenanceLink } from '../../src/ui/shell/Provenance';
import { manualScheduler, twoTurnSession } from '../store/fixture';

afterEach(cleanup);

async function show(provenance: { source?: string; url?: string }, lang: 'en' | 'zh' = 'en') {
  const base = twoTurnSession();
  const session = { ...base, recording: { ...base.recording, header: { ...base.recording.header, provenance: { kind: 'docs' as const, ...provenance } } } };
  const store = createPlayerStore({ analyze: async () => ({ ok: true, session }), scheduler: manualScheduler(), lang });
  await store.actions.loadRecording({ input: 'x', name: 'fixture.jsonl' });
  render(
    <PlayerProvider store={store}>
      <Provenance />
    </PlayerProvider>,
  );
  return screen.getByRole('region', { name: lang === 'en' ? 'Provenance' : '来源' });
}

describe('provenance links', () => {
  test('the real host is shown beside the link text', async () => {
    const region = await show({ source: 'Official Anthropic docs (docs.anthropic.com)', url: 'https://evil.example/docs' });
    const a = region.querySelector('a');
    expect(a?.getAttribute('href')).toBe('https://evil.example/docs');
    expect(region.textContent).toContain('Official Anthropic docs (docs.anthropic.com) (link to evil.example)');
  });

  test('user:pass@ and look-alike hosts show where the link really goes (punycode)', async () => {
    expect(provenanceLink('https://docs.anthropic.com@evil.example/x')?.host).toBe('evil.example');
    expect(provenanceLink('https://dоcs.anthropic.com/')?.host).toBe('xn--dcs-sed.anthropic.com');
    expect(provenanceLink('http://127.0.0.1:8080/a')?.host).toBe('127.0.0.1:8080');
    const region = await show({ source: 'docs', url: 'https://docs.anthropic.com@evil.example/x' });
    expect(region.textContent).toContain('(link to evil.example)');
  });

  test('only http(s) is a link; other schemes are plain text and show no host', async () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'file:///etc/passwd', 'ftp://x.example/', 'not a url']) {
      expect(provenanceLink(url), url).toBeNull();
      const region = await show({ source: 'Official docs', url });
      expect(region.querySelector('a'), url).toBeNull();
      expect(region.textContent).toContain('Official docs');
      expect(region.textContent).not.toContain('link to');
      cleanup();
    }
  });

  test('a URL without a source text is linked by its host; zh words it too', async () => {
    const region = await show({ url: 'https://platform.openai.com/docs' }, 'zh');
    expect(region.querySelector('a')?.textContent).toBe('platform.openai.com');
    expect(region.textContent).toContain('（链接指向 platform.openai.com）');
  });
});
