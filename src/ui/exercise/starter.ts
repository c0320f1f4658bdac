// The exercise's starter code: the lesson's two naive strategies (parse each piece as it arrives; one buffer for
// everything), written against the `assemble(events, out)` API, with a helper that finds a tool call's argument
// pieces in the events of the lesson's wires. The comments come from the catalog (exercise.starter.*), so a Chinese
// reader gets Chinese comments; the code is the same in both languages.
import type { Translate } from '../../i18n';

/** The code, with `// ` comments from `comment(name)`. */
export function starterCode(comment: (name: 'intro' | 'api' | 'pieces' | 'naive1' | 'naive2' | 'choose') => string): string {
  const c = (name: Parameters<typeof comment>[0]) =>
    comment(name)
      .split('\n')
      .map((line) => `// ${line}`)
      .join('\n');
  return `${c('intro')}
${c('api')}

${c('pieces')}
function pieces(e) {
  const d = e.data;
  if (typeof d !== 'object' || d === null) return [];
  // Anthropic Messages
  if (e.event === 'content_block_start' && d.content_block?.type === 'tool_use')
    return [{ key: d.index, id: d.content_block.id, name: d.content_block.name }];
  if (e.event === 'content_block_delta' && d.delta?.type === 'input_json_delta')
    return [{ key: d.index, text: d.delta.partial_json }];
  // OpenAI Responses
  if (e.event === 'response.output_item.added' && d.item?.type === 'function_call')
    return [{ key: d.output_index, id: d.item.call_id, name: d.item.name }];
  if (e.event === 'response.function_call_arguments.delta')
    return [{ key: d.output_index, text: d.delta }];
  // OpenAI Chat Completions
  const calls = d.choices?.[0]?.delta?.tool_calls ?? [];
  return calls.map((t) => ({ key: t.index, id: t.id, name: t.function?.name, text: t.function?.arguments }));
}

${c('naive1')}
function parseEachPiece(events, out) {
  const names = {};
  const done = {};
  let n = 0;
  for (const e of events) {
    for (const p of pieces(e)) {
      if (p.name) names[p.key] = p.name;
      if (p.text === undefined || done[p.key]) continue;
      const key = 'piece ' + n++;
      out.append(key, p.text);
      const args = out.parse(key);
      if (args !== undefined) {
        out.call(names[p.key], args);
        done[p.key] = true;
      }
    }
  }
}

${c('naive2')}
function oneBuffer(events, out) {
  let name;
  for (const e of events) {
    for (const p of pieces(e)) {
      name ??= p.name;
      if (p.text !== undefined) out.append('all', p.text);
    }
  }
  const args = out.parse('all');
  if (args !== undefined) out.call(name, args);
}

${c('choose')}
function assemble(events, out) {
  oneBuffer(events, out);
}
`;
}

/** The starter code in the reader's language. */
export const starterFor = (t: Translate): string => starterCode((name) => t(`exercise.starter.${name}`));
