// Generated big inputs for the hostile-input bench rows (never committed as files): a .jsonl recording of many
// short turns, one Chat turn of many calls, and a long Chat SSE body of a given size. All synthetic.
import { encodeTurn } from '../../src/core/wire/encode';

/** A v1 recording of `turns` turns: each a request, a short Chat reply (text, one call in two argument fragments,
 * the finish: 5 frames), the end and the tool's run; about 830 bytes a turn. Without `withCall`: the text and the
 * finish (3 frames), about 330 bytes a turn. */
export function manyTurnsJsonl(turns: number, withCall = true): string {
  const parts: string[] = [JSON.stringify({ streamscope: 1, wire: 'openai-chat', title: `Synthetic ${turns} turns`, provenance: { kind: 'synthetic', source: 'bench/lib/hostile-gen.ts' } })];
  const chunk = (delta: object, finish: string | null = null): string => `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  let t = 0;
  for (let i = 0; i < turns; i++) {
    const id = `call_${i}`;
    const blocks = withCall
      ? [
          chunk({ role: 'assistant', content: `turn ${i}` }),
          chunk({ tool_calls: [{ index: 0, id, type: 'function', function: { name: 'read_file', arguments: '{"path":' } }] }),
          chunk({ tool_calls: [{ index: 0, function: { arguments: `"f${i}.ts"}` } }] }),
          chunk({}, 'tool_calls') + 'data: [DONE]\n\n',
        ]
      : [chunk({ role: 'assistant', content: `turn ${i}` }), chunk({}, 'stop') + 'data: [DONE]\n\n'];
    parts.push(JSON.stringify([t, 'req', { turn: i }]));
    for (const b of blocks) parts.push(JSON.stringify([++t, 'chunk', b]));
    parts.push(JSON.stringify([++t, 'end', { status: 'complete' }]));
    if (withCall) parts.push(JSON.stringify([t, 'tool', { turn: i, callId: id, name: 'read_file', durationMs: 1 }]));
    t += 2;
  }
  return parts.join('\n') + '\n';
}

/** One Chat turn of `count` calls, each opening with its id and name, its arguments in one further chunk. */
export function manyCallsSse(count: number): string {
  const calls = Array.from({ length: count }, (_, i) => ({ id: `call_${i}`, name: 'f', fragments: [`{"i":${i}}`] }));
  return encodeTurn('openai-chat', { calls });
}

/** A Chat SSE body of about `bytes` bytes: text fragments, a tool call every 5,000 fragments. */
export function bigSse(bytes: number): string {
  const chunks: string[] = [];
  let size = 0;
  let block = 0;
  while (size < bytes) {
    const text: string[] = [];
    for (let i = 0; i < 5000; i++) text.push(i % 50 === 49 ? '\n' : `tok${i % 97} `);
    const args = JSON.stringify({ path: `src/m${block}.ts`, note: 'x'.repeat(100) });
    const fragments: string[] = [];
    for (let i = 0; i < args.length; i += 8) fragments.push(args.slice(i, i + 8));
    const body = encodeTurn('openai-chat', { text, calls: [{ id: `call_${block}`, name: 'write_file', fragments }] });
    // one turn in the file: drop the closing [DONE] and finish of every block but the last
    chunks.push(body);
    size += body.length;
    block++;
  }
  return chunks.join('');
}
