import OpenAI from 'openai';
import type { ServerConfig } from '../config';
import { startModelCall } from '../telemetry/model-call-span';
import { modelEndpointError } from './model-endpoint-errors';
import type { ModelProvider } from './model-provider';
import { UpstreamError, UpstreamUnreachableError, withDeadline } from './upstream';

const SERVICE = 'The embeddings endpoint';

/** What search needs from an embeddings model: its name and vectors for texts, in order. */
export interface Embedder {
  readonly model: string;
  /** Most texts in one request (EMBEDDINGS_BATCH_SIZE); callers cut their work into batches of this. */
  readonly batchSize: number;
  /**
   * Vectors for `texts` (one request, at most `batchSize` texts), in the same order. Bounded by
   * `timeoutMs` (default: the embedder's batch timeout); the caller's signal aborts the request.
   */
  embed(texts: readonly string[], options?: { signal?: AbortSignal; timeoutMs?: number }): Promise<number[][]>;
}

export interface EmbeddingsClientOptions {
  /** Where the model server is (OPENAI_BASE_URL, or a detected Ollama): the chat endpoint's. */
  provider: Pick<ModelProvider, 'endpoint'>;
  apiKey: string | undefined;
  model: string;
  batchSize: number;
  /** Per request of a batch; 0: no limit. */
  timeoutMs: number;
}

/**
 * Embeddings from the OpenAI-compatible `/embeddings` endpoint of the configured model server,
 * through the openai SDK (same base URL and API key as chat). Its own client (not the chat one): the chat client bounds an answer's size for
 * text, which a batch of 64 vectors of 3072 dimensions would exceed. No SDK retries: a failed
 * batch is retried by the re-embedding job, not here.
 */
export class EmbeddingsClient implements Embedder {
  readonly model: string;
  readonly batchSize: number;
  private clients = new Map<string, OpenAI>();

  constructor(private readonly options: EmbeddingsClientOptions) {
    this.model = options.model;
    this.batchSize = options.batchSize;
  }

  static fromConfig(config: ServerConfig, provider: Pick<ModelProvider, 'endpoint'>): EmbeddingsClient | undefined {
    const { model, batchSize, timeoutMs } = config.embeddings;
    if (!model) return undefined;
    return new EmbeddingsClient({ provider, apiKey: config.inference.apiKey, model, batchSize, timeoutMs });
  }

  async embed(texts: readonly string[], options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<number[][]> {
    if (texts.length === 0) return [];
    if (texts.length > this.batchSize) throw new RangeError(`At most ${this.batchSize} texts per embeddings request`);
    const client = await this.client();
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs;
    // A span of its own (no texts on it), so a slow search shows where its time went.
    const call = startModelCall(undefined, { operation: 'embeddings', model: this.model, streamed: false, baseUrl: client.baseURL, signal: options.signal });
    try {
      const vectors = await call.run(() => this.embedWith(client, texts, timeoutMs, options.signal, call));
      call.end();
      return vectors;
    } catch (error) {
      call.end(error);
      throw error;
    }
  }

  private embedWith(client: OpenAI, texts: readonly string[], timeoutMs: number, callerSignal: AbortSignal | undefined, call: ReturnType<typeof startModelCall>): Promise<number[][]> {
    return withDeadline(SERVICE, timeoutMs, callerSignal, async (signal) => {
      try {
        // Floats as JSON: every OpenAI-compatible server speaks it (not all honour base64).
        const response = await client.embeddings.create({ model: this.model, input: [...texts], encoding_format: 'float' }, { signal });
        call.usage(response.usage);
        const vectors: number[][] = new Array(texts.length);
        for (const item of response.data ?? []) {
          if (Number.isInteger(item.index) && item.index >= 0 && item.index < texts.length) vectors[item.index] = item.embedding;
        }
        const dims = vectors[0]?.length ?? 0;
        for (let i = 0; i < texts.length; i += 1) {
          const vector = vectors[i];
          if (!Array.isArray(vector) || vector.length === 0 || vector.length !== dims || !vector.every(Number.isFinite)) {
            throw new UpstreamError(SERVICE, `${SERVICE} answered without a usable vector for input ${i}`);
          }
        }
        return vectors;
      } catch (error) {
        throw modelEndpointError(error);
      }
    });
  }

  private async client(): Promise<OpenAI> {
    const endpoint = await this.options.provider.endpoint();
    if (!endpoint) throw new UpstreamUnreachableError(SERVICE, `${SERVICE} is not configured (OPENAI_BASE_URL) or detected`);
    let client = this.clients.get(endpoint.baseUrl);
    if (!client) {
      client = new OpenAI({
        baseURL: endpoint.baseUrl,
        // Local servers (Ollama, vLLM without --api-key) take any key; the SDK insists on one.
        apiKey: this.options.apiKey || 'unused',
        maxRetries: 0,
        // withDeadline rules; the SDK's timeout is only a backstop (it cannot be turned off).
        timeout: this.options.timeoutMs > 0 ? this.options.timeoutMs + 1_000 : 2_147_483_647,
      });
      this.clients.set(endpoint.baseUrl, client);
    }
    return client;
  }
}
