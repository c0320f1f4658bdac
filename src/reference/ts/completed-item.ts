// completed-item (Codex's way): ignore fragments; take a call only from an event that carries it whole
// (Responses output_item.done, a Gemini functionCall part), parsed once.
import type { Out, RefTurn } from './trace';

/** Anthropic and Chat never send a whole call in one event. */
export const applies = (wire: string) => wire === 'openai-responses' || wire === 'gemini';

export function completedItem(turn: RefTurn, out: Out): void {
  for (const e of turn.events) {
    if (e.kind !== 'complete') continue;
    const args = e.text ?? '';
    const buffer = out.open(e.key, e.frame, e.id, e.name);
    const start = out.append(buffer, e.frame, args);
    if (out.parse(buffer, e.frame, start, args)) out.ready(e.key, e.id ?? '', e.name ?? '', args, e.frame);
  }
}
