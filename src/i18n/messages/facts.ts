// User-facing strings for what the core computes: strategy labels and explanations, n/a reasons, anomaly names,
// verdicts and the conclusion line's sentences. Keys are flat: 'strategy.<id>.label' / '.explain',
// 'na.<strategy>.<reason>' (as core's registry names them), 'anomaly.<code>', 'verdict.<v>', 'reason.<reason>', 'conclusion.*'.
// The strategy labels are part of the accessibility contract (the radios carry them): do not reword them.
// English is the source of the keys (MessageKey); the Chinese is in ./zh/facts.ts, typed complete against it,
// and each loads only for a reader of its language (../index.ts, loadLanguage).
export const en = {
  'strategy.parse-each-fragment.label': 'Parse every fragment',
  'strategy.parse-each-fragment.explain':
    'JSON.parse each argument fragment on its own as it arrives; the first success becomes the call’s arguments.',
  'strategy.shared-buffer.label': 'One shared buffer',
  'strategy.shared-buffer.explain':
    'Append every fragment of every call to one string and parse it when the stream ends.',
  'strategy.per-call-buffer.label': 'One buffer per call',
  'strategy.per-call-buffer.explain':
    'One buffer per call; parse it only when that call’s end signal arrives (content_block_stop, .done, finish_reason).',
  'strategy.completed-item.label': 'Completed items only',
  'strategy.completed-item.explain':
    'Ignore argument fragments; take calls only from events that carry a whole call (Responses output_item.done, Gemini functionCall), as Codex does.',
  'strategy.partial-json-preview.label': 'Partial JSON preview',
  'strategy.partial-json-preview.explain':
    'One buffer per call plus a best-effort partial parse after every fragment, like SDK live previews; the final parse waits for the end signal.',
  'strategy.next-index-closes.label': 'Next index closes',
  'strategy.next-index-closes.explain':
    'The OpenAI SDK heuristic: a call is complete when the next index starts or finish_reason arrives; breaks when calls interleave.',
  'strategy.yours.label': 'Your strategy',
  'strategy.yours.explain': 'The assemble(events, out) you wrote in the exercise editor, run in a sandbox on every turn of the recording.',

  'na.completed-item.no-complete-items':
    'No event on this wire carries a whole call: Anthropic sends arguments only as input_json_delta fragments, and Chat Completions ends a call only with finish_reason.',
  'na.next-index-closes.chat-only':
    'The next-index heuristic is for Chat Completions streams; this wire ends each call with its own signal (content_block_stop, .done) or sends whole calls.',
  'na.generic': 'This strategy does not apply to this wire format.',
  // The same reasons told about the recording's own wire (the toggle looks up '<reason>.<wire>' first).
  'na.completed-item.no-complete-items.anthropic-messages':
    'Anthropic streams a call’s arguments as input_json_delta fragments between content_block_start and content_block_stop; the whole tool_use blocks that programmatic tool calling puts inside message_start are taken at that frame by the buffering strategies.',
  'na.completed-item.no-complete-items.openai-chat':
    'No Chat Completions chunk carries a whole call: arguments arrive as tool_calls[].function.arguments fragments, and a call ends only with finish_reason.',
  'na.next-index-closes.chat-only.anthropic-messages':
    'The next-index heuristic is for Chat Completions; Anthropic ends every call with its own content_block_stop.',
  'na.next-index-closes.chat-only.openai-responses':
    'The next-index heuristic is for Chat Completions; the Responses API ends every call with function_call_arguments.done and output_item.done.',
  'na.next-index-closes.chat-only.gemini':
    'The next-index heuristic is for Chat Completions; Gemini sends each call whole in a functionCall part (or closes a streamed one itself).',
  'na.pending': 'still being computed.',
  'na.no-code': 'your strategy has not been run yet: write assemble(events, out) in the exercise editor and press Run.',
  'na.no-frames': 'this recording has no frames (no SSE event was found in it), so there is nothing to assemble or judge.',
  'na.strategy-error': 'the strategy failed while checking whether it applies to this wire.',

  'verdict.ok': 'ok',
  'verdict.fail': 'fails',
  'verdict.n/a': 'n/a',
  'verdict.warn': 'warning',
  'reason.parse-failed': 'a parse failed',
  'reason.missing-call': 'a call the stream carried is missing',
  'reason.extra-call': 'it produced a call the stream did not carry',
  'reason.wrong-call': 'it produced a call with the wrong name or arguments',
  'reason.call-never-ended': 'a call never reached its end signal',
  'reason.invalid-arguments': 'the arguments are not valid JSON',
  'reason.unnamed-call': 'the stream carried a call with no name, which nothing can run',
  'reason.not-applicable': 'not applicable',
  'reason.no-calls': 'no tool call on this recording',

  'anomaly.finish-tool-calls-without-call': 'finish_reason tool_calls without any call',
  'anomaly.no-terminal-event': 'no terminal event',
  'anomaly.error-event': 'error event',
  'anomaly.unterminated-final-event': 'the file ends without a blank line after the last event, so that event was never dispatched (as the SSE rules say)',
  'anomaly.invalid-arguments': 'invalid arguments JSON',
  'anomaly.call-cut-off': 'the stream stopped before this call ended (no end event): its arguments are cut off',
  'anomaly.call-without-name': 'a call with an empty name',
  'anomaly.arguments-lost': 'frames carried pieces of these arguments, but they came out empty',
  'anomaly.reused-index': 'index reused for another call',
  'anomaly.unknown-event': 'unknown event',
  'anomaly.time-goes-back': 'time goes back',
  'anomaly.invalid-utf8': 'invalid UTF-8',
  'anomaly.invalid-json': 'data is not JSON',
  'anomaly.too-deep': 'arguments nest more than 1,000 levels: analysed in full, shown shortened',

  'conclusion.ok.whole': '{strategy} never failed on this recording: each call arrived whole in one frame.',
  'conclusion.ok': '{strategy} works on this recording: it produced {calls:its one call|all # calls} with valid arguments.',
  'conclusion.ok.no-calls': '{strategy}: nothing to assemble, this recording carries no tool call.',
  'conclusion.na': '{strategy} does not apply here: {reason}',
  'conclusion.pending': '{strategy}: still being computed…',
  'conclusion.fail.first-fragment':
    '{strategy} fails from the first fragment: JSON.parse({input}) at frame {frame} says “{error}”; {failed} of {attempts:# parse|# parses} failed.',
  'conclusion.fail.parse':
    '{strategy} fails at frame {frame}: JSON.parse says “{error}” because {why}. {failed} of {attempts:# parse|# parses} failed.',
  'conclusion.fail.call': '{strategy} fails on turn {turn}: {reason} (call {key}).',
  'conclusion.fail.other': '{strategy} fails on turn {turn}: {reason}.',
  'conclusion.fail.unended': '{strategy} fails on turn {turn}: {name} (key {key}) never reached its end signal before the stream stopped, so it must not be executed.',
  'conclusion.warn.no-call':
    '{strategy} assembled everything the stream carried, but turn {turn} ends with finish_reason: {reason} and no call: an agent loop that waits for that call waits forever. Check that a call arrived before waiting for its result.',
};
