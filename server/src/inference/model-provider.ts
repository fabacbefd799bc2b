import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_MAX_ANSWER_CHARACTERS, DEFAULT_MODEL_MAX_TOKENS, type ServerConfig } from '../config';
import type { ModelCallObserver } from '../telemetry/model-call-span';
import type { ModelCallMeter } from '../usage/usage-meter';
import { completeChat } from './chat-completion';
import { tokensFor, type ChatCallSettings, type ChatDelta, type ChatRequest, type ChatStreamRequest } from './chat-request';
import { answerText, streamChat } from './chat-stream';
import { meteredComplete, meteredStream, promptCharacters } from './metered-calls';
import { ModelCatalogue } from './model-catalogue';
import { ModelDiscovery, type ModelEndpoint } from './model-discovery';
import { ModelUnavailableError } from './upstream';

// The types of the provider's calls, so its callers import the one module.
export type { ChatDelta, ChatMessage, ChatRequest, ChatStreamRequest, ChatToolSpec, ChatUsage, ToolCallDelta } from './chat-request';
export type { ModelEndpoint } from './model-discovery';

export interface ModelProviderOptions {
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  /** Restricts the offered models to these (first is the default); undefined: what /models lists. */
  models?: string[] | undefined;
  /** Models that take images whatever their /models entry says (IMAGE_MODELS). */
  imageModels?: readonly string[] | undefined;
  /** Where to look for Ollama when no base URL is set; undefined: no detection. */
  ollamaUrl?: string | undefined;
  timeoutMs: number;
  /** `max_tokens` of every call (MODEL_MAX_TOKENS); a request may ask for fewer, never more. */
  maxTokens?: number;
  /** Most characters of one answer read (MAX_ANSWER_CHARACTERS); past it: AnswerTooLongError. */
  maxAnswerCharacters?: number;
  logger: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
  /** How long the answer of an Ollama probe is trusted. */
  detectionTtlMs?: number;
  /** How long a model list is trusted. */
  modelsTtlMs?: number;
  /** Timeout of the Ollama probe. */
  probeTimeoutMs?: number;
  /** Told about every model call (metrics: telemetry/metrics.ts); each call is a span either way. */
  observer?: ModelCallObserver | undefined;
  /** Records each call of a user's work and keeps their budget (usage/usage-meter.ts); absent: calls are not metered. */
  meter?: ModelCallMeter | undefined;
}

/**
 * The one way into a language model: any OpenAI-compatible endpoint (vLLM, Ollama, LiteLLM,
 * OpenAI, ...) configured with OPENAI_BASE_URL / OPENAI_API_KEY, or a local Ollama found when no
 * URL is set. Made of one part per concern: which endpoint (model-discovery.ts), which models
 * (model-catalogue.ts), a whole answer (chat-completion.ts) and a streamed one (chat-stream.ts),
 * their failures in the words of upstream.ts (model-endpoint-errors.ts). Nothing here blocks
 * start-up; no call is retried (a user's retry is the retry, and a failing model answers fast)
 * except without a parameter the endpoint refused.
 */
export class ModelProvider {
  private readonly discovery: ModelDiscovery;
  private readonly catalogue: ModelCatalogue;
  private readonly settings: ChatCallSettings;

  constructor(private readonly options: ModelProviderOptions) {
    const maxAnswerCharacters = options.maxAnswerCharacters ?? DEFAULT_MAX_ANSWER_CHARACTERS;
    this.discovery = new ModelDiscovery({ ...options, maxAnswerCharacters });
    this.catalogue = new ModelCatalogue(this.discovery, options);
    this.settings = {
      apiKey: options.apiKey,
      timeoutMs: options.timeoutMs,
      maxTokens: options.maxTokens ?? DEFAULT_MODEL_MAX_TOKENS,
      maxAnswerCharacters,
      observer: options.observer,
    };
  }

  static fromConfig(config: ServerConfig['inference'], logger: ModelProviderOptions['logger'], observer?: ModelCallObserver, meter?: ModelCallMeter): ModelProvider {
    return new ModelProvider({ ...config, logger, observer, meter });
  }

  /** What start-up prints about models. */
  describe(): string {
    return this.discovery.describe();
  }

  /** The endpoint to use: OPENAI_BASE_URL, else a local Ollama when one answers; cached ~30 s. */
  endpoint(): Promise<ModelEndpoint | undefined> {
    return this.discovery.endpoint();
  }

  /** The chat models on offer (model-catalogue.ts); no endpoint or a failing one: none. */
  models(): Promise<string[]> {
    return this.catalogue.models();
  }

  /** The descriptions the endpoint gave of the models on offer (model-catalogue.ts). */
  modelDescriptions(): Promise<ReadonlyMap<string, string>> {
    return this.catalogue.modelDescriptions();
  }

  /** The models on offer that take images with a question (model-catalogue.ts). */
  imageModels(): Promise<ReadonlySet<string>> {
    return this.catalogue.imageModels();
  }

  /** The model used when a caller names none: the first of OPENAI_MODEL, else the first listed. */
  defaultModel(): Promise<string | undefined> {
    return this.catalogue.defaultModel();
  }

  /** One chat completion, answered whole (metered: usage/usage-meter.ts; over budget: BudgetExhaustedError). */
  async complete(request: ChatRequest): Promise<string> {
    const baseUrl = await this.requireBaseUrl();
    const metered = await this.options.meter?.begin(this.metering(request));
    if (!metered) return completeChat(baseUrl, this.settings, request);
    return meteredComplete(metered, request, (asked) => completeChat(baseUrl, this.settings, asked));
  }

  /** A streamed chat completion's text (no reasoning, no tools): `streamChat`'s answer deltas. */
  async stream(request: ChatRequest): Promise<AsyncIterable<string>> {
    return answerText(await this.streamChat(request));
  }

  /** A streamed chat completion with reasoning and tool calls (chat-stream.ts). */
  async streamChat(request: ChatStreamRequest): Promise<AsyncIterable<ChatDelta>> {
    const baseUrl = await this.requireBaseUrl();
    const metered = await this.options.meter?.begin(this.metering(request));
    if (!metered) return streamChat(baseUrl, this.settings, this.options.logger, request);
    return meteredStream(metered, request, (asked) => streamChat(baseUrl, this.settings, this.options.logger, asked));
  }

  private metering(request: ChatRequest) {
    return { model: request.model, promptCharacters: promptCharacters(request), maxTokens: tokensFor(request, this.settings) };
  }

  private async requireBaseUrl(): Promise<string> {
    const endpoint = await this.discovery.endpoint();
    if (!endpoint) throw new ModelUnavailableError();
    return endpoint.baseUrl;
  }
}
