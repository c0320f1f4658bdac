// The openai-chat wire's code for a page that loads it on demand (./index.ts): its adapter and its ground truth.
import { installTruth } from '../strategies/ground-truth/read';
import { chatTruth } from '../strategies/ground-truth/chat';
import { installAdapter } from '../wire/base';
import { openaiChat } from '../wire/openai-chat';

export function install(): void {
  installAdapter('openai-chat', openaiChat);
  installTruth('openai-chat', chatTruth);
}
