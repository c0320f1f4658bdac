/**
 * The shelf: every shipped recording, in the order the picker shows them (lesson first, then failure modes).
 *
 * Contract: ids are stable (course pages link to them); `buildAll()` is deterministic, so regenerating gives the
 * committed files byte for byte.
 */
import type { Built } from './lib/built';
import { buildParallelProbe } from './lesson/parallel-probe';
import { buildAnthropicDocs } from './lesson/anthropic-docs';
import { buildAgentRun } from './lesson/agent-run';
import { buildThinkingTurn } from './lesson/thinking-turn';
import { buildResponsesDocs } from './lesson/responses-docs';
import { buildCutMidArguments, buildFineGrainedInvalidJson, buildOverloadedMidStream } from './failure/anthropic';
import { buildContentBeforeCall, buildFinishWithoutCall, buildInterleavedChat, buildReusedIndex } from './failure/chat';
import { buildCrlfSplit, buildUtf8Split } from './failure/framing';
import { buildResponsesNoDone } from './failure/responses';
import { buildPtcMessageStart } from './failure/ptc';
import { buildMcpToolBlock } from './failure/mcp';
import { buildGeminiCutMidArguments, buildGeminiStreamedArgs, buildGeminiStreamedNested } from './failure/gemini';

export const BUILDERS: (() => Built)[] = [
  buildParallelProbe,
  buildAnthropicDocs,
  buildAgentRun,
  buildThinkingTurn,
  buildResponsesDocs,
  buildCutMidArguments,
  buildFineGrainedInvalidJson,
  buildInterleavedChat,
  buildReusedIndex,
  buildContentBeforeCall,
  buildUtf8Split,
  buildCrlfSplit,
  buildOverloadedMidStream,
  buildFinishWithoutCall,
  buildResponsesNoDone,
  buildPtcMessageStart,
  buildMcpToolBlock,
  buildGeminiStreamedArgs,
  buildGeminiStreamedNested,
  buildGeminiCutMidArguments,
];

export const buildAll = (): Built[] => BUILDERS.map((b) => b());
