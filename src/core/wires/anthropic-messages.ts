// The anthropic-messages wire's code for a page that loads it on demand (./index.ts): its adapter and its ground truth.
import { installTruth } from '../strategies/ground-truth/read';
import { anthropicTruth } from '../strategies/ground-truth/anthropic';
import { installAdapter } from '../wire/base';
import { anthropicMessages } from '../wire/anthropic-messages';

export function install(): void {
  installAdapter('anthropic-messages', anthropicMessages);
  installTruth('anthropic-messages', anthropicTruth);
}
