// The gemini wire's code for a page that loads it on demand (./index.ts): its adapter and its ground truth.
import { installTruth } from '../strategies/ground-truth/read';
import { geminiTruth } from '../strategies/ground-truth/gemini';
import { installAdapter } from '../wire/base';
import { gemini } from '../wire/gemini';

export function install(): void {
  installAdapter('gemini', gemini);
  installTruth('gemini', geminiTruth);
}
