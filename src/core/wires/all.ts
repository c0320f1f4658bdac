// Every wire's code installed at once (./index.ts holds the contract): imported by core/session/session.ts,
// core/wire/index.ts and core/strategies/ground-truth/index.ts, for the CLI, the workers, the lab and the tests,
// with the readers' learning (../learning.ts), which a page's small inline analysis goes without.
import '../learning';
import { install as anthropicMessages } from './anthropic-messages';
import { install as gemini } from './gemini';
import { install as openaiChat } from './openai-chat';
import { install as openaiResponses } from './openai-responses';

anthropicMessages();
openaiChat();
openaiResponses();
gemini();
