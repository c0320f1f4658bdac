/**
 * Wire-format text for the builders: one function per SSE event, shaped like the real servers' output
 * (reference/streaming-protocols.md section 1).
 *
 * Contract: every function returns the complete event text including its terminating blank line, with LF line
 * endings (callers that need CRLF convert it); JSON is written compactly unless the server being imitated pads it.
 */

/** A data-only SSE event (OpenAI Chat, Gemini). */
export const dataEvent = (data: string): string => `data: ${data}\n\n`;

/** A named SSE event whose data JSON repeats the name as `type` (Anthropic, OpenAI Responses). */
export const namedEvent = (type: string, body: Record<string, unknown>): string =>
  `event: ${type}\ndata: ${JSON.stringify({ type, ...body })}\n\n`;

export interface ChatStyle {
  id: string;
  created: number;
  model: string;
  systemFingerprint?: string;
  /** mlx_lm.server and Ollama repeat `role: "assistant"` on every delta; vLLM and OpenAI only on the first. */
  roleOnEveryDelta: boolean;
}

export interface ChatToolCallDelta {
  index: number;
  id?: string;
  type?: 'function';
  function?: { name?: string; arguments?: string };
}

/** OpenAI Chat Completions chunks (`chat.completion.chunk`) in one server's style. */
export class ChatChunks {
  private first = true;
  constructor(private readonly style: ChatStyle) {}

  private envelope(choices: unknown[], extra: Record<string, unknown> = {}): string {
    const s = this.style;
    return JSON.stringify({
      id: s.id,
      object: 'chat.completion.chunk',
      created: s.created,
      model: s.model,
      ...(s.systemFingerprint === undefined ? {} : { system_fingerprint: s.systemFingerprint }),
      choices,
      ...extra,
    });
  }

  delta(delta: { content?: string; reasoning?: string; tool_calls?: ChatToolCallDelta[] }, finish: string | null = null): string {
    const withRole = this.style.roleOnEveryDelta || this.first ? { role: 'assistant', ...delta } : delta;
    this.first = false;
    return dataEvent(this.envelope([{ index: 0, delta: withRole, logprobs: null, finish_reason: finish }]));
  }

  text(content: string): string {
    return this.delta({ content });
  }

  reasoning(text: string): string {
    return this.delta({ reasoning: text });
  }

  /** A whole call in one chunk, as mlx_lm.server, Ollama, Groq send it. */
  wholeCall(index: number, id: string, name: string, args: string): string {
    return this.delta({ tool_calls: [{ index, id, type: 'function', function: { name, arguments: args } }] });
  }

  /** The first chunk of an incremental call (vLLM, llama.cpp, OpenAI): id, type, name and empty arguments. */
  callStart(index: number, id: string, name: string): string {
    return this.delta({ tool_calls: [{ index, id, type: 'function', function: { name, arguments: '' } }] });
  }

  callArgs(index: number, args: string): string {
    return this.delta({ tool_calls: [{ index, function: { arguments: args } }] });
  }

  finish(reason: string, content: string | undefined = ''): string {
    return this.delta(content === undefined ? {} : { content }, reason);
  }

  /** The `stream_options.include_usage` chunk: empty choices, usage set. */
  usage(promptTokens: number, completionTokens: number): string {
    return dataEvent(
      this.envelope([], {
        usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
      }),
    );
  }

  done(): string {
    return dataEvent('[DONE]');
  }
}

/** Anthropic Messages events. */
export class AnthropicEvents {
  constructor(
    private readonly messageId: string,
    private readonly model: string,
  ) {}

  messageStart(inputTokens: number): string {
    return namedEvent('message_start', {
      message: {
        id: this.messageId,
        type: 'message',
        role: 'assistant',
        content: [],
        model: this.model,
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: inputTokens, output_tokens: 1 },
      },
    });
  }

  ping(): string {
    return namedEvent('ping', {});
  }

  textStart(index: number): string {
    return namedEvent('content_block_start', { index, content_block: { type: 'text', text: '' } });
  }

  textDelta(index: number, text: string): string {
    return namedEvent('content_block_delta', { index, delta: { type: 'text_delta', text } });
  }

  toolStart(index: number, id: string, name: string): string {
    return namedEvent('content_block_start', { index, content_block: { type: 'tool_use', id, name, input: {} } });
  }

  jsonDelta(index: number, partial: string): string {
    return namedEvent('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: partial } });
  }

  blockStop(index: number): string {
    return namedEvent('content_block_stop', { index });
  }

  messageDelta(stopReason: string, outputTokens: number): string {
    return namedEvent('message_delta', {
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: outputTokens },
    });
  }

  messageStop(): string {
    return namedEvent('message_stop', {});
  }

  error(type: string, message: string): string {
    return namedEvent('error', { error: { type, message } });
  }
}

/** OpenAI Responses events, with an increasing `sequence_number`. */
export class ResponsesEvents {
  private seq = 0;
  event(type: string, body: Record<string, unknown>): string {
    return `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: this.seq++, ...body })}\n\n`;
  }
}
