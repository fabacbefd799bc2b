import type { FastifyBaseLogger } from 'fastify';
import type { ModelDiscovery } from './model-discovery';
import { MODEL_ENDPOINT } from './model-endpoint-errors';
import { withDeadline } from './upstream';

/** Longest model description passed on (the LanguageModel contract's limit). */
export const MODEL_DESCRIPTION_MAX_LENGTH = 300;

/** Models an OpenAI-compatible endpoint lists that cannot chat: left out of every model list. */
const NOT_A_CHAT_MODEL = /(embed|rerank|whisper|tts|transcribe|dall-e|moderation|text-similarity)/i;

/** The models on offer, the descriptions their endpoint gave, and those that take images. */
interface ModelListing {
  ids: string[];
  descriptions: ReadonlyMap<string, string>;
  images: ReadonlySet<string>;
}

const NO_MODELS: ModelListing = { ids: [], descriptions: new Map(), images: new Set() };

export interface ModelCatalogueOptions {
  /** Restricts the offered models to these (first is the default); undefined: what /models lists. */
  models?: string[] | undefined;
  /** Models that take images whatever their /models entry says (IMAGE_MODELS). */
  imageModels?: readonly string[] | undefined;
  /** Per call; the list waits at most 10 s whatever it is (0: 10 s). */
  timeoutMs: number;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** How long a model list is trusted. */
  modelsTtlMs?: number;
}

/**
 * The chat models on offer: OPENAI_MODEL when set (as long as the endpoint answers), else what
 * the endpoint's /models lists, without embedding and speech models. Cached ~10 s; an endpoint
 * that does not answer means "no models" (logged once per outage), never an error thrown at a
 * user who only asked for a list.
 */
export class ModelCatalogue {
  private modelList: { at: number; models: Promise<ModelListing> } | undefined;
  private lastListFailed = false;
  private readonly modelsTtlMs: number;

  constructor(
    private readonly discovery: Pick<ModelDiscovery, 'client'>,
    private readonly options: ModelCatalogueOptions,
  ) {
    this.modelsTtlMs = options.modelsTtlMs ?? 10_000;
  }

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

  /**
   * The models on offer that take images with a question: those of IMAGE_MODELS, and those whose
   * /models entry says so (imageInputOf). Cached with the list.
   */
  async imageModels(): Promise<ReadonlySet<string>> {
    return (await this.listing()).images;
  }

  /** The model used when a caller names none: the first of OPENAI_MODEL, else the first listed. */
  async defaultModel(): Promise<string | undefined> {
    return (await this.models())[0];
  }

  private listing(): Promise<ModelListing> {
    const now = Date.now();
    if (!this.modelList || now - this.modelList.at > this.modelsTtlMs) {
      this.modelList = { at: now, models: this.fetchModels() };
    }
    return this.modelList.models;
  }

  private async fetchModels(): Promise<ModelListing> {
    const client = await this.discovery.client();
    if (!client) return NO_MODELS;
    try {
      const listed: string[] = [];
      const described = new Map<string, string>();
      const seeing = new Set<string>(this.options.imageModels ?? []);
      await withDeadline(MODEL_ENDPOINT, Math.min(this.options.timeoutMs || 10_000, 10_000), undefined, async (signal) => {
        for await (const model of client.models.list({ signal })) {
          listed.push(model.id);
          const description = descriptionOf(model);
          if (description) described.set(model.id, description);
          if (imageInputOf(model)) seeing.add(model.id);
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
        return withDescriptions(wanted, described, seeing);
      }
      return withDescriptions(listed.filter((id) => !NOT_A_CHAT_MODEL.test(id)).sort((a, b) => a.localeCompare(b)), described, seeing);
    } catch (error) {
      // Logged once per outage, not on every refresh.
      if (!this.lastListFailed) {
        this.options.logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'the model endpoint did not list its models: no models offered',
        );
      }
      this.lastListFailed = true;
      // Retry sooner than a success would be refreshed, but not on every call.
      if (this.modelList) this.modelList.at = Date.now() - this.modelsTtlMs + Math.min(this.modelsTtlMs, 5_000);
      return NO_MODELS;
    }
  }
}

/** A /models entry's own `description` (not part of OpenAI's shape, but some servers send one), on one line. */
function descriptionOf(model: object): string | undefined {
  const description = (model as { description?: unknown }).description;
  if (typeof description !== 'string') return undefined;
  const line = description.replace(/\s+/g, ' ').trim();
  if (line === '') return undefined;
  return line.length <= MODEL_DESCRIPTION_MAX_LENGTH ? line : `${line.slice(0, MODEL_DESCRIPTION_MAX_LENGTH - 1).trimEnd()}…`;
}

/**
 * Whether a /models entry says the model takes images. OpenAI's own list says nothing; servers
 * that say it do so in one of these shapes: `capabilities: { vision: true }` (Mistral),
 * `capabilities: ["vision", ...]` (Ollama's model details, some proxies),
 * `architecture.input_modalities` or `input_modalities` holding "image" (OpenRouter), or
 * `type: "vlm"` (LM Studio).
 */
export function imageInputOf(model: object): boolean {
  const entry = model as { capabilities?: unknown; architecture?: { input_modalities?: unknown }; input_modalities?: unknown; type?: unknown };
  const holds = (list: unknown, value: string) => Array.isArray(list) && list.includes(value);
  const capabilities = entry.capabilities;
  if (holds(capabilities, 'vision')) return true;
  if (capabilities && typeof capabilities === 'object' && (capabilities as { vision?: unknown }).vision === true) return true;
  return holds(entry.architecture?.input_modalities, 'image') || holds(entry.input_modalities, 'image') || entry.type === 'vlm';
}

function withDescriptions(ids: string[], described: ReadonlyMap<string, string>, seeing: ReadonlySet<string>): ModelListing {
  return {
    ids,
    descriptions: new Map(ids.flatMap((id) => (described.has(id) ? [[id, described.get(id)!] as const] : []))),
    images: new Set(ids.filter((id) => seeing.has(id))),
  };
}
