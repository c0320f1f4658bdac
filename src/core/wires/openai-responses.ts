// The openai-responses wire's code for a page that loads it on demand (./index.ts): its adapter and its ground truth.
import { installTruth } from '../strategies/ground-truth/read';
import { responsesTruth } from '../strategies/ground-truth/responses';
import { installAdapter } from '../wire/base';
import { openaiResponses } from '../wire/openai-responses';

export function install(): void {
  installAdapter('openai-responses', openaiResponses);
  installTruth('openai-responses', responsesTruth);
}
