// The six reference strategies by id, with the wires each applies to (the same ids and rules as src/core/strategies).
import { applies as completedApplies, completedItem } from './completed-item';
import { applies as nextIndexApplies, nextIndexCloses } from './next-index-closes';
import { parseEachFragment } from './parse-each-fragment';
import { partialJsonPreview } from './partial-json-preview';
import { perCallBuffer } from './per-call-buffer';
import { sharedBuffer } from './shared-buffer';
import type { Out, RefTurn } from './trace';

export interface Reference {
  applies(wire: string): boolean;
  run(turn: RefTurn, out: Out): void;
}

const always = () => true;

export const REFERENCES = {
  'parse-each-fragment': { applies: always, run: parseEachFragment },
  'shared-buffer': { applies: always, run: sharedBuffer },
  'per-call-buffer': { applies: always, run: perCallBuffer },
  'completed-item': { applies: completedApplies, run: completedItem },
  'partial-json-preview': { applies: always, run: partialJsonPreview },
  'next-index-closes': { applies: nextIndexApplies, run: nextIndexCloses },
} satisfies Record<string, Reference>;
