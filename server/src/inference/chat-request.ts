import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { startModelCall, type ModelCall, type ModelCallObserver } from '../telemetry/model-call-span';

export type ChatMessage = ChatCompletionMessageParam;

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  /** Aborts the upstream call (the client went away). */
  signal?: AbortSignal;
  /** Overrides the provider's timeout (REQUEST_TIMEOUT_SECONDS) for this call; 0: none. */
  timeoutMs?: number;
  temperature?: number;
  maxTokens?: number;
  /** Structured output: the answer must be JSON of this schema (`response_format: json_schema`). */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
  /** Receives the answer's token usage, when the endpoint reports it (a stream: asked with `stream_options.include_usage`). */
  onUsage?: (usage: ChatUsage) => void;
}

/** A piece of a streamed chat answer: the answer's text or the model's reasoning. */
export interface ChatDelta {
  channel: 'answer' | 'reasoning';
  text: string;
}

export interface ChatStreamRequest extends ChatRequest {
  /**
   * Ask the model to think (`reasoning_effort`). An endpoint that refuses the parameter (HTTP 400)
   * is asked again without it. Reasoning the model streams arrives as `reasoning` deltas either way.
   */
  think?: boolean;
  /**
   * Functions the model may call (the OpenAI tools API). An endpoint that refuses them (HTTP 400
   * about tools or functions) is asked again without them, and `onToolsRefused` is told.
   */
  tools?: ChatToolSpec[];
  /** Receives each streamed piece of a tool call (`delta.tool_calls`), to be assembled by `index`. */
  onToolCall?: (delta: ToolCallDelta) => void;
  /** Called when the endpoint refused `tools` and the request went out without them. */
  onToolsRefused?: () => void;
}

/** Token counts of one streamed answer, as the endpoint reported them, and the model it says answered. */
export interface ChatUsage {
  inputTokens?: number;
  outputTokens?: number;
  responseModel?: string;
}

/** A function offered to the model (`tools: [{ type: 'function', function }]`). */
export interface ChatToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** One streamed piece of a tool call: the first of a call carries its id and name, the rest pieces of its JSON arguments. */
export interface ToolCallDelta {
  index: number;
  id?: string | undefined;
  name?: string | undefined;
  arguments?: string | undefined;
}

/** What every chat call of one provider shares (the configuration of the model endpoint). */
export interface ChatCallSettings {
  apiKey: string | undefined;
  /** Per call (REQUEST_TIMEOUT_SECONDS); a request may name its own; 0: none. */
  timeoutMs: number;
  /** `max_tokens` of every call (MODEL_MAX_TOKENS); a request may ask for fewer, never more. */
  maxTokens: number;
  /** Most characters of one answer read (MAX_ANSWER_CHARACTERS); past it: AnswerTooLongError. */
  maxAnswerCharacters: number;
  observer: ModelCallObserver | undefined;
}

/** `max_tokens` of a call: the caller's, at most the configured one. */
export function tokensFor(request: ChatRequest, settings: ChatCallSettings): number {
  return Math.min(request.maxTokens ?? settings.maxTokens, settings.maxTokens);
}

/**
 * The POST to `<baseUrl>/chat/completions` for `request`, with `extra` members in its body
 * (`stream`, `reasoning_effort`, `tools`, `response_format`). Local servers (Ollama, vLLM without
 * --api-key) take any key; some proxies insist on one.
 */
export function chatCompletionsPost(
  baseUrl: string,
  settings: ChatCallSettings,
  request: ChatRequest,
  accept: 'application/json' | 'text/event-stream',
  extra: Record<string, unknown>,
): { url: string; init: { method: 'POST'; headers: Record<string, string>; body: string } } {
  const body = JSON.stringify({
    model: request.model,
    messages: request.messages,
    ...(accept === 'text/event-stream' ? { stream: true } : {}),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    max_tokens: tokensFor(request, settings),
    ...extra,
  });
  return {
    url: `${baseUrl.replace(/\/+$/, '')}/chat/completions`,
    init: { method: 'POST', headers: { 'content-type': 'application/json', accept, authorization: `Bearer ${settings.apiKey || 'unused'}` }, body },
  };
}

/** A chat call's span and figures (telemetry/model-call-span.ts). */
export function startChatCall(settings: ChatCallSettings, request: ChatRequest, streamed: boolean, baseUrl: string): ModelCall {
  return startModelCall(settings.observer, {
    operation: 'chat',
    model: request.model,
    streamed,
    baseUrl,
    maxTokens: tokensFor(request, settings),
    temperature: request.temperature,
    signal: request.signal,
  });
}

/** Passes an answer's (or a stream's last chunk's) usage to the caller, when the endpoint reported it. */
export function reportUsage(
  request: ChatRequest,
  answer: { model?: unknown; usage?: { prompt_tokens?: number | null; completion_tokens?: number | null } | null },
): void {
  const usage = answer.usage;
  if (!usage || !request.onUsage) return;
  request.onUsage({
    ...(typeof usage.prompt_tokens === 'number' ? { inputTokens: usage.prompt_tokens } : {}),
    ...(typeof usage.completion_tokens === 'number' ? { outputTokens: usage.completion_tokens } : {}),
    ...(typeof answer.model === 'string' && answer.model ? { responseModel: answer.model } : {}),
  });
}
