import type { FastifyBaseLogger } from 'fastify';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ServerConfig } from '../config';
import { startModelCall, type ModelCall, type ModelCallObserver } from '../telemetry/model-call-span';
import { boundedFetch } from './bounded-fetch';
import { sseData } from './sse-chat-stream';
import {
  AnswerTooLongError,
  Deadline,
  ModelUnavailableError,
  UpstreamError,
  UpstreamTimeoutError,
  UpstreamUnreachableError,
  excerpt,
  isAbortError,
  withDeadline,
} from './upstream';

export type ChatMessage = ChatCompletionMessageParam;

export interface ModelEndpoint {
  /** Base URL of the OpenAI-compatible API, ending before `/models` (for example `http://host/v1`). */
  baseUrl: string;
  /** `configured`: OPENAI_BASE_URL; `ollama`: a local Ollama found at OLLAMA_URL. */
  source: 'configured' | 'ollama';
}

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

/** A 400 whose words say the endpoint (or model) does not do tools or functions. */
const REFUSES_TOOLS = /tool|function/i;

type Logger = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

export interface ModelProviderOptions {
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  /** Restricts the offered models to these (first is the default); undefined: what /models lists. */
  models?: string[] | undefined;
  /** Where to look for Ollama when no base URL is set; undefined: no detection. */
  ollamaUrl?: string | undefined;
  timeoutMs: number;
  /** `max_tokens` of every call (MODEL_MAX_TOKENS); a request may ask for fewer, never more. */
  maxTokens?: number;
  /** Most characters of one answer read (MAX_ANSWER_CHARACTERS); past it: AnswerTooLongError. */
  maxAnswerCharacters?: number;
  logger: Logger;
  /** How long the answer of an Ollama probe is trusted. */
  detectionTtlMs?: number;
  /** How long a model list is trusted. */
  modelsTtlMs?: number;
  /** Timeout of the Ollama probe. */
  probeTimeoutMs?: number;
  /** Told about every model call (metrics: telemetry/metrics.ts); each call is a span either way. */
  observer?: ModelCallObserver | undefined;
}

const SERVICE = 'The model endpoint';

/** Defaults when the options name none (config.ts has the same for the environment). */
const FALLBACK_MAX_TOKENS = 8192;
const FALLBACK_MAX_ANSWER_CHARACTERS = 200_000;

/** Models an OpenAI-compatible endpoint lists that cannot chat: left out of every model list. */
const NOT_A_CHAT_MODEL = /(embed|rerank|whisper|tts|transcribe|dall-e|moderation|text-similarity)/i;

/**
 * The one way into a language model: any OpenAI-compatible endpoint (vLLM, Ollama, LiteLLM,
 * OpenAI, ...) through the `openai` SDK, configured with OPENAI_BASE_URL / OPENAI_API_KEY, or a
 * local Ollama found when no URL is set. Nothing here blocks start-up: detection and model lists
 * happen on first use and are cached briefly; an unreachable endpoint means "no models" (logged),
 * never an error thrown at a user who only asked for a list.
 *
 * Calls map failures to the errors of `upstream.ts` (HTTP error, unreachable, timeout) and
 * rethrow an abort of the caller's signal as an AbortError; no SDK retries (a user's retry is
 * the retry, and a failing model answers fast).
 */
/** Longest model description passed on (the LanguageModel contract's limit). */
export const MODEL_DESCRIPTION_MAX_LENGTH = 300;

/** The models on offer and the descriptions their endpoint gave. */
interface ModelListing {
  ids: string[];
  descriptions: ReadonlyMap<string, string>;
}

const NO_MODELS: ModelListing = { ids: [], descriptions: new Map() };

/** A /models entry's own `description` (not part of OpenAI's shape, but some servers send one), on one line. */
function descriptionOf(model: object): string | undefined {
  const description = (model as { description?: unknown }).description;
  if (typeof description !== 'string') return undefined;
  const line = description.replace(/\s+/g, ' ').trim();
  if (line === '') return undefined;
  return line.length <= MODEL_DESCRIPTION_MAX_LENGTH ? line : `${line.slice(0, MODEL_DESCRIPTION_MAX_LENGTH - 1).trimEnd()}…`;
}

function withDescriptions(ids: string[], described: ReadonlyMap<string, string>): ModelListing {
  return { ids, descriptions: new Map(ids.flatMap((id) => (described.has(id) ? [[id, described.get(id)!] as const] : []))) };
}

export class ModelProvider {
  private detection: { at: number; endpoint: Promise<ModelEndpoint | undefined> } | undefined;
  private modelList: { at: number; models: Promise<ModelListing> } | undefined;
  private clients = new Map<string, OpenAI>();
  private lastListFailed = false;
  private readonly detectionTtlMs: number;
  private readonly modelsTtlMs: number;
  private readonly probeTimeoutMs: number;
  private readonly maxTokens: number;
  private readonly maxAnswerCharacters: number;
  /** The chat stream's fetch: an error answer is read into memory, so it is bounded like the SDK's (SSE passes untouched). */
  private readonly streamFetch: typeof fetch;

  constructor(private readonly options: ModelProviderOptions) {
    this.maxTokens = options.maxTokens ?? FALLBACK_MAX_TOKENS;
    this.maxAnswerCharacters = options.maxAnswerCharacters ?? FALLBACK_MAX_ANSWER_CHARACTERS;
    this.detectionTtlMs = options.detectionTtlMs ?? 30_000;
    this.modelsTtlMs = options.modelsTtlMs ?? 10_000;
    this.probeTimeoutMs = options.probeTimeoutMs ?? 1_500;
    this.streamFetch = boundedFetch(this.maxAnswerCharacters * 4 + 64 * 1024, () => new AnswerTooLongError(SERVICE, this.maxAnswerCharacters));
  }

  static fromConfig(config: ServerConfig['inference'], logger: Logger, observer?: ModelCallObserver): ModelProvider {
    return new ModelProvider({ ...config, logger, observer });
  }

  /** What start-up prints about models. */
  describe(): string {
    if (this.options.baseUrl) return `${this.options.baseUrl} (OPENAI_BASE_URL)`;
    if (this.options.ollamaUrl) return `Ollama at ${this.options.ollamaUrl}, if it runs (detected on first use)`;
    return 'none (set OPENAI_BASE_URL)';
  }

  /** The endpoint to use: OPENAI_BASE_URL, else a local Ollama when one answers; cached ~30 s. */
  async endpoint(): Promise<ModelEndpoint | undefined> {
    if (this.options.baseUrl) return { baseUrl: this.options.baseUrl, source: 'configured' };
    const ollamaUrl = this.options.ollamaUrl;
    if (!ollamaUrl) return undefined;
    const now = Date.now();
    if (!this.detection || now - this.detection.at > this.detectionTtlMs) {
      this.detection = { at: now, endpoint: this.probeOllama(ollamaUrl) };
    }
    return this.detection.endpoint;
  }

  private async probeOllama(ollamaUrl: string): Promise<ModelEndpoint | undefined> {
    const baseUrl = `${ollamaUrl}/v1`;
    try {
      const response = await fetch(`${baseUrl}/models`, { signal: AbortSignal.timeout(this.probeTimeoutMs) });
      if (!response.ok) {
        this.options.logger.debug({ ollamaUrl, status: response.status }, 'no Ollama: the probe was refused');
        return undefined;
      }
      await response.body?.cancel();
      this.options.logger.debug({ ollamaUrl }, 'Ollama detected');
      return { baseUrl, source: 'ollama' };
    } catch {
      this.options.logger.debug({ ollamaUrl }, 'no Ollama answers');
      return undefined;
    }
  }

  /** An SDK client for the current endpoint, or undefined when none is configured or detected. */
  async client(): Promise<OpenAI | undefined> {
    const endpoint = await this.endpoint();
    if (!endpoint) return undefined;
    let client = this.clients.get(endpoint.baseUrl);
    if (!client) {
      client = new OpenAI({
        baseURL: endpoint.baseUrl,
        // Local servers (Ollama, vLLM without --api-key) take any key; the SDK insists on one.
        apiKey: this.options.apiKey || 'unused',
        maxRetries: 0,
        // Our own deadline rules; the SDK's is only a backstop (it cannot be turned off).
        timeout: this.options.timeoutMs > 0 ? this.options.timeoutMs + 1_000 : 2_147_483_647,
        // A whole answer is read into memory by the SDK: bounded (UTF-8: up to 4 bytes a
        // character, plus the JSON around it).
        fetch: boundedFetch(this.maxAnswerCharacters * 4 + 64 * 1024, () => new AnswerTooLongError(SERVICE, this.maxAnswerCharacters)),
      });
      this.clients.set(endpoint.baseUrl, client);
    }
    return client;
  }

  /**
   * The chat models on offer: OPENAI_MODEL when set (as long as the endpoint answers), else what
   * the endpoint's /models lists, without embedding and speech models. Cached ~10 s; a failure
   * is logged and means no models.
   */
  async models(): Promise<string[]> {
    return (await this.listing()).ids;
  }

  /**
   * The short description of each model on offer whose /models entry carries one (a non-blank
   * `description` string, as some OpenAI-compatible servers give; cut to
   * MODEL_DESCRIPTION_MAX_LENGTH). Nothing is made up: models without one are absent. Cached with
   * the list.
   */
  async modelDescriptions(): Promise<ReadonlyMap<string, string>> {
    return (await this.listing()).descriptions;
  }

  private listing(): Promise<ModelListing> {
    const now = Date.now();
    if (!this.modelList || now - this.modelList.at > this.modelsTtlMs) {
      this.modelList = { at: now, models: this.fetchModels() };
    }
    return this.modelList.models;
  }

  /** The model used when a caller names none: the first of OPENAI_MODEL, else the first listed. */
  async defaultModel(): Promise<string | undefined> {
    return (await this.models())[0];
  }

  private async fetchModels(): Promise<ModelListing> {
    const client = await this.client();
    if (!client) return NO_MODELS;
    try {
      const listed: string[] = [];
      const described = new Map<string, string>();
      await withDeadline(SERVICE, Math.min(this.options.timeoutMs || 10_000, 10_000), undefined, async (signal) => {
        for await (const model of client.models.list({ signal })) {
          listed.push(model.id);
          const description = descriptionOf(model);
          if (description) described.set(model.id, description);
        }
      });
      if (this.lastListFailed) this.options.logger.info('the model endpoint answers again');
      this.lastListFailed = false;
      const wanted = this.options.models;
      if (wanted) {
        const missing = wanted.filter((model) => !listed.includes(model));
        if (missing.length > 0 && listed.length > 0) {
          this.options.logger.warn({ missing, listed }, 'OPENAI_MODEL names models the endpoint does not list');
        }
        return withDescriptions(wanted, described);
      }
      return withDescriptions(listed.filter((id) => !NOT_A_CHAT_MODEL.test(id)).sort((a, b) => a.localeCompare(b)), described);
    } catch (error) {
      // Logged once per outage, not on every refresh.
      if (!this.lastListFailed) {
        this.options.logger.warn({ err: describeError(error) }, 'the model endpoint did not list its models: no models offered');
      }
      this.lastListFailed = true;
      // Retry sooner than a success would be refreshed, but not on every call.
      if (this.modelList) this.modelList.at = Date.now() - this.modelsTtlMs + Math.min(this.modelsTtlMs, 5_000);
      return NO_MODELS;
    }
  }

  /** One chat completion, answered whole. */
  async complete(request: ChatRequest): Promise<string> {
    const client = await this.requireClient();
    const call = this.startCall(request, false, client.baseURL);
    try {
      const answer = await call.run(() => this.completeWith(client, request, call));
      call.end();
      return answer;
    } catch (error) {
      call.end(error);
      throw error;
    }
  }

  /**
   * A whole answer with a plain fetch (the chat's intent and title calls run on every exchange; the
   * SDK costs about 0.5 ms of CPU more per call, bench/chat-proxy/decoder.ts). The answer is read
   * through the bounded fetch (AnswerTooLongError past MAX_ANSWER_CHARACTERS); failures are mapped
   * as the SDK's are (mapSdkError).
   */
  private async completeWith(client: OpenAI, request: ChatRequest, call: ModelCall): Promise<string> {
    // As withDeadline, but an answer read whole leaves the signal alone (deadline.finish: no abort to pay for).
    const deadline = new Deadline(SERVICE, request.timeoutMs ?? this.options.timeoutMs, request.signal);
    let answer: string;
    try {
      answer = await this.completeRequest(client, request, call, deadline.signal);
    } catch (error) {
      deadline.dispose();
      throw deadline.explain(error);
    }
    deadline.finish();
    return answer;
  }

  private async completeRequest(client: OpenAI, request: ChatRequest, call: ModelCall, signal: AbortSignal): Promise<string> {
    const body = JSON.stringify({
      model: request.model,
      messages: request.messages,
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      max_tokens: this.tokensFor(request),
      ...(request.jsonSchema ? { response_format: { type: 'json_schema' as const, json_schema: { ...request.jsonSchema, strict: true } } } : {}),
    });
    try {
      const response = await fetch(`${client.baseURL.replace(/\/+$/, '')}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${this.options.apiKey || 'unused'}` },
        body,
        signal,
      });
      // Read whole into memory, so bounded (UTF-8: up to 4 bytes a character, plus the JSON around it).
      const text = await readBounded(response, this.maxAnswerCharacters * 4 + 64 * 1024, () => new AnswerTooLongError(SERVICE, this.maxAnswerCharacters));
      if (!response.ok) throw httpFailureOf(response.status, text);
      let completion: ChatCompletionLike;
      try {
        completion = JSON.parse(text) as ChatCompletionLike;
      } catch {
        throw new UpstreamError(SERVICE, `${SERVICE} answered with something that is not JSON: ${excerpt(text)}`);
      }
      call.response(completion);
      const content = completion?.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new UpstreamError(SERVICE, `${SERVICE} answered without text`);
      return content;
    } catch (error) {
      throw mapSdkError(mapFetchError(error));
    }
  }

  /**
   * A streamed chat completion. Resolves once the endpoint accepted the request (so a caller can
   * still answer an HTTP error before it starts streaming) with the text deltas. The timeout
   * covers the wait for the answer and then each gap between two chunks. Stopping the iteration
   * early (or the caller's signal) cancels the upstream request.
   */
  async stream(request: ChatRequest): Promise<AsyncIterable<string>> {
    const client = await this.requireClient();
    const deadline = new Deadline(SERVICE, request.timeoutMs ?? this.options.timeoutMs, request.signal);
    const call = this.startCall(request, true, client.baseURL);
    let stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>;
    try {
      stream = await call.run(() =>
        client.chat.completions.create(
          {
            model: request.model,
            messages: request.messages,
            stream: true,
            ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
            max_tokens: this.tokensFor(request),
          },
          { signal: deadline.signal },
        ),
      );
    } catch (error) {
      const explained = deadline.explain(mapSdkError(error));
      deadline.dispose();
      call.end(explained);
      throw explained;
    }
    deadline.restart();
    const budget = this.answerBudget();
    return (async function* deltas() {
      call.streamOpened();
      try {
        for await (const chunk of stream) {
          deadline.restart();
          call.response(chunk);
          const delta = chunk.choices?.[0]?.delta?.content;
          if (delta) {
            call.firstToken();
            yield budget.take(delta);
          }
        }
        // The SDK ends a stream quietly when its signal aborts: a timeout or the caller's abort
        // must not look like a complete answer.
        if (deadline.signal.aborted) throw deadline.signal.reason;
      } catch (error) {
        const explained = deadline.explain(mapSdkError(error));
        call.end(explained);
        throw explained;
      } finally {
        deadline.dispose();
        call.end();
      }
    })();
  }

  /**
   * A streamed chat completion with the model's reasoning kept apart: reasoning deltas come from
   * `reasoning_content` (vLLM, llama.cpp, DeepSeek) or `reasoning` (Ollama, newer vLLM). Like
   * `stream()`, resolves once the endpoint accepted the request; the timeout covers the wait for
   * the answer and each gap between chunks; the caller's signal or stopping the iteration
   * cancels the upstream request at once.
   */
  async streamChat(request: ChatStreamRequest): Promise<AsyncIterable<ChatDelta>> {
    const client = await this.requireClient();
    const deadline = new Deadline(SERVICE, request.timeoutMs ?? this.options.timeoutMs, request.signal);
    const tools = request.tools?.length ? request.tools : undefined;
    // A plain fetch (undici, so the tracing's HTTP span is still the call's child) and a small SSE
    // parser instead of the SDK's stream: about half the CPU per streamed answer
    // (bench/chat-proxy/decoder.ts). Failures are mapped to the same errors as the SDK's.
    const url = `${client.baseURL.replace(/\/+$/, '')}/chat/completions`;
    const headers = { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${this.options.apiKey || 'unused'}` };
    const create = async (think: boolean, withTools: boolean): Promise<Response> => {
      const body = JSON.stringify({
        model: request.model,
        messages: request.messages,
        stream: true,
        ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        max_tokens: this.tokensFor(request),
        ...(think ? { reasoning_effort: 'medium' as const } : {}),
        ...(withTools && tools
          ? { tools: tools.map((tool) => ({ type: 'function' as const, function: { name: tool.name, description: tool.description, parameters: tool.parameters } })) }
          : {}),
      });
      let response: Response;
      try {
        response = await this.streamFetch(url, { method: 'POST', headers, body, signal: deadline.signal });
      } catch (error) {
        throw mapFetchError(error);
      }
      if (!response.ok) throw await httpFailure(response);
      return response;
    };
    let response: Response;
    const call = this.startCall(request, true, client.baseURL);
    try {
      let think = request.think === true;
      let withTools = tools !== undefined;
      // At most one retry per refused parameter: tools first (when the refusal names them), then reasoning_effort.
      for (;;) {
        try {
          response = await call.run(() => create(think, withTools));
          break;
        } catch (error) {
          const refused = error instanceof UpstreamError && error.status === 400 ? error : undefined;
          if (refused && withTools && REFUSES_TOOLS.test(refused.message)) {
            this.options.logger.info({ model: request.model }, 'the model refused tools: asking without them');
            withTools = false;
            request.onToolsRefused?.();
            continue;
          }
          if (refused && think) {
            this.options.logger.info({ model: request.model }, 'the model refused reasoning_effort: asking without it');
            think = false;
            continue;
          }
          throw error;
        }
      }
    } catch (error) {
      const explained = deadline.explain(mapSdkError(error));
      deadline.dispose();
      call.end(explained);
      throw explained;
    }
    deadline.restart();
    const budget = this.answerBudget();
    const onToolCall = request.onToolCall;
    const body = response.body;
    return (async function* deltas(): AsyncGenerator<ChatDelta> {
      call.streamOpened();
      let finished = false;
      try {
        if (!body) throw new UpstreamError(SERVICE, `${SERVICE} answered without a body`);
        for await (const sse of sseData(body as unknown as AsyncIterable<Uint8Array>)) {
          deadline.restart();
          let chunk: ChatCompletionChunkLike;
          try {
            chunk = JSON.parse(sse.data) as ChatCompletionChunkLike;
          } catch {
            throw new UpstreamError(SERVICE, `${SERVICE} sent a chunk that is not JSON: ${excerpt(sse.data)}`);
          }
          // An error inside the stream (an `error` event or an `error` member): the model failed mid-answer.
          if (sse.event === 'error' || chunk?.error) {
            const detail = typeof chunk?.error?.message === 'string' ? excerpt(chunk.error.message) : '';
            throw new UpstreamError(SERVICE, `${SERVICE} failed while answering${detail ? `: ${detail}` : ''}`);
          }
          call.response(chunk);
          const delta = chunk.choices?.[0]?.delta;
          if (!delta) continue;
          for (const toolCall of delta.tool_calls ?? []) {
            call.firstToken();
            const args = toolCall.function?.arguments;
            // Counted like text: a model cannot stream endless arguments.
            if (args) budget.take(args);
            onToolCall?.({ index: toolCall.index, id: toolCall.id, name: toolCall.function?.name, arguments: args });
          }
          const reasoning = typeof delta.reasoning_content === 'string' ? delta.reasoning_content : typeof delta.reasoning === 'string' ? delta.reasoning : '';
          if (reasoning || delta.content) call.firstToken();
          if (reasoning) yield { channel: 'reasoning', text: budget.take(reasoning) };
          if (delta.content) yield { channel: 'answer', text: budget.take(delta.content) };
        }
        if (deadline.signal.aborted) throw deadline.signal.reason;
        finished = true;
      } catch (error) {
        const explained = deadline.explain(mapSdkError(mapFetchError(error)));
        call.end(explained);
        throw explained;
      } finally {
        // Stops the upstream request when the reader stopped early (the deadline's signal aborts
        // the fetch); an answer read to its end has nothing to stop.
        if (finished) deadline.finish();
        else deadline.dispose();
        call.end();
      }
    })();
  }

  /** A model call's span and figures (telemetry/model-call-span.ts). */
  private startCall(request: ChatRequest, streamed: boolean, baseUrl: string): ModelCall {
    return startModelCall(this.options.observer, {
      operation: 'chat',
      model: request.model,
      streamed,
      baseUrl,
      maxTokens: this.tokensFor(request),
      temperature: request.temperature,
      signal: request.signal,
    });
  }

  /** `max_tokens` of a call: the caller's, at most the configured one. */
  private tokensFor(request: ChatRequest): number {
    return Math.min(request.maxTokens ?? this.maxTokens, this.maxTokens);
  }

  /**
   * Counts a streamed answer's characters (text and reasoning). `take` passes a piece on, and
   * throws AnswerTooLongError once the total went past MAX_ANSWER_CHARACTERS, which ends the
   * iteration and so cancels the upstream request.
   */
  private answerBudget() {
    const limit = this.maxAnswerCharacters;
    let used = 0;
    return {
      take(piece: string): string {
        used += piece.length;
        if (used > limit) throw new AnswerTooLongError(SERVICE, limit);
        return piece;
      },
    };
  }

  private async requireClient(): Promise<OpenAI> {
    const client = await this.client();
    if (!client) throw new ModelUnavailableError();
    return client;
  }
}

/** A whole answer as OpenAI-compatible endpoints send it (only what is read). */
interface ChatCompletionLike {
  model?: unknown;
  usage?: { prompt_tokens?: number | null; completion_tokens?: number | null } | null;
  choices?: Array<{ finish_reason?: unknown; message?: { content?: unknown } }> | null;
}

/** A streamed chunk as OpenAI-compatible endpoints send it (only what is read). */
interface ChatCompletionChunkLike {
  model?: unknown;
  usage?: { prompt_tokens?: number | null; completion_tokens?: number | null } | null;
  error?: { message?: unknown } | null;
  choices?: Array<{
    finish_reason?: unknown;
    delta?: {
      content?: string | null;
      reasoning_content?: unknown;
      reasoning?: unknown;
      tool_calls?: Array<{ index: number; id?: string; function?: { name?: string; arguments?: string } }>;
    };
  }> | null;
}

/** A fetch's failure in the words of `upstream.ts` (as mapSdkError words the SDK's); an abort stays an abort. */
function mapFetchError(error: unknown): unknown {
  const tooLong = causeOfType(error, AnswerTooLongError);
  if (tooLong) return tooLong;
  if (error instanceof UpstreamError || isAbortError(error) || !(error instanceof TypeError)) return error;
  // A connection that was open and then cut is a failure of the answer, not an absent model.
  const chain = [{ code: (error as { code?: string }).code, message: error.message }, ...causeChain(error)];
  if (chain.some((cause) => /UND_ERR_SOCKET|ECONNRESET|EPIPE|terminated|other side closed/i.test(`${cause.code ?? ''} ${cause.message}`))) {
    return new UpstreamError(SERVICE, `${SERVICE} broke off its answer`);
  }
  return new UpstreamUnreachableError(SERVICE);
}

/**
 * A whole body as text, at most `maxBytes` (else `tooLong()` is thrown and the body cancelled):
 * what boundedFetch does for the SDK, without a TransformStream and a second Response per call.
 */
async function readBounded(response: Response, maxBytes: number, tooLong: () => Error): Promise<string> {
  const body = response.body;
  if (!body) return '';
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await body.cancel().catch(() => undefined);
    throw tooLong();
  }
  const decoder = new TextDecoder();
  let text = '';
  let seen = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    seen += chunk.byteLength;
    if (seen > maxBytes) throw tooLong();
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

/** An HTTP error answer as the SDK words it: the status and the body's `error.message` (or `message`). */
async function httpFailure(response: Response): Promise<UpstreamError> {
  return httpFailureOf(response.status, await response.text().catch(() => ''));
}

function httpFailureOf(status: number, text: string): UpstreamError {
  let message = '';
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const candidate = typeof body.error === 'object' && body.error ? body.error.message : typeof body.error === 'string' ? body.error : body.message;
    if (typeof candidate === 'string') message = candidate;
  } catch {
    message = '';
  }
  const detail = message ? excerpt(message) : '';
  return new UpstreamError(SERVICE, `${SERVICE} answered HTTP ${status}${detail ? `: ${detail}` : ''}`, status);
}

/** The SDK's errors in the words of `upstream.ts`; an abort stays an abort. */
export function mapSdkError(error: unknown): unknown {
  if (error instanceof UpstreamError || isAbortError(error)) return error;
  // The bounded fetch's refusal, wrapped by the SDK as a connection error.
  const tooLong = causeOfType(error, AnswerTooLongError);
  if (tooLong) return tooLong;
  if (error instanceof APIConnectionTimeoutError) return new UpstreamTimeoutError(SERVICE, 0);
  if (error instanceof APIConnectionError) {
    // A connection that was open and then cut is a failure of the answer, not an absent model.
    if (causeChain(error).some((cause) => /UND_ERR_SOCKET|ECONNRESET|EPIPE|terminated|other side closed/i.test(`${cause.code ?? ''} ${cause.message}`))) {
      return new UpstreamError(SERVICE, `${SERVICE} broke off its answer`);
    }
    return new UpstreamUnreachableError(SERVICE);
  }
  if (error instanceof APIError && error.status !== undefined) {
    const detail = sdkErrorDetail(error);
    return new UpstreamError(SERVICE, `${SERVICE} answered HTTP ${error.status}${detail ? `: ${detail}` : ''}`, error.status);
  }
  if (error instanceof APIError) {
    // An error event inside a stream (no status): the model failed mid-answer.
    const detail = sdkErrorDetail(error);
    return new UpstreamError(SERVICE, `${SERVICE} failed while answering${detail ? `: ${detail}` : ''}`);
  }
  if (error instanceof Error && /terminated|socket|ECONNRESET|premature/i.test(`${error.message} ${String(error.cause)}`)) {
    return new UpstreamError(SERVICE, `${SERVICE} broke off its answer`);
  }
  return error;
}

function causeOfType<T extends Error>(error: unknown, type: new (...args: never[]) => T): T | undefined {
  let cause: unknown = error;
  for (let depth = 0; depth < 5 && cause instanceof Error; depth++) {
    if (cause instanceof type) return cause;
    cause = cause.cause;
  }
  return undefined;
}

function causeChain(error: Error): Array<{ code?: string; message: string }> {
  const chain: Array<{ code?: string; message: string }> = [];
  let cause: unknown = error.cause;
  while (cause instanceof Error && chain.length < 5) {
    chain.push({ code: (cause as { code?: string }).code, message: cause.message });
    cause = cause.cause;
  }
  return chain;
}

function sdkErrorDetail(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  const message = typeof body?.message === 'string' ? body.message : '';
  return message ? excerpt(message) : '';
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
