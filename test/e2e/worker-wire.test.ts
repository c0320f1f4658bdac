// A page fetches a wire's code (core/wires) with the first recording in that wire it analyses itself. A large file
// is analysed in the worker instead, which has every wire; the page then still reads the session's calls for its
// conclusion (core/strategies/facts), so the analyzer resolves only once the page has that wire's code too. Here
// the page has only the Chat wire (its default recording) when a large Anthropic file arrives from the worker,
// parse every fragment selected (its conclusion reads the calls).
import { expect, test } from 'vitest';
import { appUrl, theBrowser, watchErrors, withBrowser } from './browser';

withBrowser();

test('a large Anthropic file, analysed in the worker on a page that had only the Chat wire, shows its conclusion', async () => {
  const page = await theBrowser().newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  // the wire modules fetched so far (Chromium lists the worker's own fetches in the page's resource timing too)
  const wireFiles = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => /\/(openai-chat|anthropic-messages|openai-responses|gemini)-[\w-]+\.js/.exec(e.name)?.[1])
        .filter((w) => w !== undefined),
    );
  await page.goto(appUrl('?rec=parallel-probe&lang=en&s=parse-each-fragment'));
  const slider = page.getByRole('slider', { name: 'Frame', exact: true });
  await expect.poll(async () => Number(await slider.getAttribute('max'))).toBe(5);
  expect(await wireFiles()).toEqual(['openai-chat']);

  const N = 20_000;
  await page.evaluate((n) => {
    const ev = (type: string, body: object) => JSON.stringify([0, 'chunk', `event: ${type}\ndata: ${JSON.stringify({ type, ...body })}\n\n`]);
    const lines = [JSON.stringify({ streamscope: 1, wire: 'anthropic-messages' }), JSON.stringify([0, 'req', { turn: 0 }])];
    lines.push(ev('message_start', { message: { id: 'msg_1', type: 'message', role: 'assistant', content: [], model: 'm', usage: { input_tokens: 1, output_tokens: 1 } } }));
    lines.push(ev('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }));
    for (let i = 0; i < n; i++) lines.push(ev('content_block_delta', { index: 0, delta: { type: 'text_delta', text: `word${i % 17} ` } }));
    lines.push(ev('content_block_stop', { index: 0 }));
    lines.push(ev('content_block_start', { index: 1, content_block: { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: {} } }));
    lines.push(ev('content_block_delta', { index: 1, delta: { type: 'input_json_delta', partial_json: '{"path": "a.txt"}' } }));
    lines.push(ev('content_block_stop', { index: 1 }));
    lines.push(ev('content_block_start', { index: 2, content_block: { type: 'tool_use', id: 'toolu_2', name: 'read_file', input: {} } }));
    lines.push(ev('content_block_delta', { index: 2, delta: { type: 'input_json_delta', partial_json: '{"path": "b.txt"}' } }));
    lines.push(ev('content_block_stop', { index: 2 }));
    lines.push(ev('message_delta', { delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 9 } }));
    lines.push(ev('message_stop', {}));
    lines.push(JSON.stringify([0, 'end', { status: 'complete' }]));
    const text = lines.join('\n') + '\n';
    if (text.length < 600 * 1024) throw new Error(`only ${text.length} characters: not a worker-sized file`);
    const input = document.querySelector<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('no file input');
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'large-anthropic.jsonl'));
    input.files = dt.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, N);

  await expect.poll(() => slider.getAttribute('max'), { timeout: 60_000 }).toBe(String(N + 10));
  // the conclusion of the selected strategy (parse every fragment: it works, and says it is because each call's
  // arguments came whole in one frame, which it reads in the calls the page reads again), not the area's notice
  const conclusion = page.getByRole('status', { name: 'Conclusion' });
  await expect.poll(() => conclusion.getAttribute('class'), { timeout: 10_000 }).toMatch(/ss-verdict-ok/);
  expect(await page.getByText(/failed to render/i).count()).toBe(0);
  expect(await wireFiles()).toContain('anthropic-messages');
  expect(errors).toEqual([]);
  await page.close();
});
