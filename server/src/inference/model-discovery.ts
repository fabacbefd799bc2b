import type { FastifyBaseLogger } from 'fastify';
import OpenAI from 'openai';
import { answerBytes, boundedFetch } from './bounded-fetch';
import { MODEL_ENDPOINT } from './model-endpoint-errors';
import { AnswerTooLongError } from './upstream';

export interface ModelEndpoint {
  /** Base URL of the OpenAI-compatible API, ending before `/models` (for example `http://host/v1`). */
  baseUrl: string;
  /** `configured`: OPENAI_BASE_URL; `ollama`: a local Ollama found at OLLAMA_URL. */
  source: 'configured' | 'ollama';
}

export interface ModelDiscoveryOptions {
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  /** Where to look for Ollama when no base URL is set; undefined: no detection. */
  ollamaUrl?: string | undefined;
  /** Per call (the SDK client's backstop); 0: none. */
  timeoutMs: number;
  /** Most characters of one answer; bounds what the SDK client reads. */
  maxAnswerCharacters: number;
  logger: Pick<FastifyBaseLogger, 'debug'>;
  /** How long the answer of an Ollama probe is trusted. */
  detectionTtlMs?: number;
  /** Timeout of the Ollama probe. */
  probeTimeoutMs?: number;
}

/**
 * Which model endpoint to use: OPENAI_BASE_URL, else a local Ollama when one answers at
 * OLLAMA_URL. Nothing blocks start-up: the probe runs on first use and its answer is cached
 * briefly (~30 s), so an Ollama started later is found.
 */
export class ModelDiscovery {
  private detection: { at: number; endpoint: Promise<ModelEndpoint | undefined> } | undefined;
  private clients = new Map<string, OpenAI>();
  private readonly detectionTtlMs: number;
  private readonly probeTimeoutMs: number;

  constructor(private readonly options: ModelDiscoveryOptions) {
    this.detectionTtlMs = options.detectionTtlMs ?? 30_000;
    this.probeTimeoutMs = options.probeTimeoutMs ?? 1_500;
  }

  /** What start-up prints about models. */
  describe(): string {
    if (this.options.baseUrl) return `${this.options.baseUrl} (OPENAI_BASE_URL)`;
    if (this.options.ollamaUrl) return `Ollama at ${this.options.ollamaUrl}, if it runs (detected on first use)`;
    return 'none (set OPENAI_BASE_URL)';
  }

  /** The endpoint to use, or undefined when none is configured or detected. */
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

  /** An SDK client for the current endpoint, or undefined when none is configured or detected. */
  async client(): Promise<OpenAI | undefined> {
    const endpoint = await this.endpoint();
    if (!endpoint) return undefined;
    let client = this.clients.get(endpoint.baseUrl);
    if (!client) {
      const { apiKey, timeoutMs, maxAnswerCharacters } = this.options;
      client = new OpenAI({
        baseURL: endpoint.baseUrl,
        // Local servers (Ollama, vLLM without --api-key) take any key; the SDK insists on one.
        apiKey: apiKey || 'unused',
        // No SDK retries: a user's retry is the retry, and a failing model answers fast.
        maxRetries: 0,
        // Our own deadline rules; the SDK's is only a backstop (it cannot be turned off).
        timeout: timeoutMs > 0 ? timeoutMs + 1_000 : 2_147_483_647,
        // A whole answer is read into memory by the SDK: bounded.
        fetch: boundedFetch(answerBytes(maxAnswerCharacters), () => new AnswerTooLongError(MODEL_ENDPOINT, maxAnswerCharacters)),
      });
      this.clients.set(endpoint.baseUrl, client);
    }
    return client;
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
}
