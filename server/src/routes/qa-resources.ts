import { qaResourcesResponseSchema, type LanguageModel } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerConfig } from '../config';
import type { CollectionsRepository } from '../db/repositories/collections-repository';
import type { ModelProvider } from '../inference/model-provider';
import type { Retriever } from '../search/retriever';

/**
 * GET /api/qa/resources (SPEC section 7): the collections the user may search (their personal
 * ones, then the company's) and the language models on offer as LanguageModel resources (the
 * chat's model picker; `reasoning_model_override` takes one of these ids; a description only where
 * the endpoint's /models gives one). Each model says how it answers questions (docs/qa.md):
 * `mode` 'document' for the models of QA_DOCUMENT_MODELS (over one whole picked document), else
 * 'collection' (over passages found in collections), and `max_characters`, the passage text one
 * answer gets (QA_MAX_CHARACTERS); `accepts_images` where it takes images (docs/chat.md "Images"). With no model reachable the model list is empty, never an
 * error (DESIGN section 1). `search_mode` says how passages are found.
 */
export const qaResourcesRoutes: FastifyPluginAsyncZod<{
  collections: CollectionsRepository;
  models: ModelProvider;
  retriever: Retriever;
  qa: ServerConfig['qa'];
}> = async (app, { collections, models, retriever, qa }) => {
  app.get('/qa/resources', { schema: { response: { 200: qaResourcesResponseSchema } } }, async (request) => {
    const viewer = request.viewer;
    const [personal, company, offered, descriptions, seeing] = await Promise.all([
      collections.list(viewer, 'personal'),
      collections.list(viewer, 'company'),
      models.models(),
      models.modelDescriptions(),
      models.imageModels(),
    ]);
    return {
      collections: [...personal, ...company].map((collection) => ({ id: collection.id, name: collection.name, type: collection.scope })),
      language_models: offered.map((id): LanguageModel => {
        const description = descriptions.get(id);
        return {
          id,
          name: id,
          type: 'llm',
          mode: qa.documentModels.includes(id) ? 'document' : 'collection',
          max_characters: qa.maxCharacters,
          ...(description ? { description } : {}),
          ...(seeing.has(id) ? { accepts_images: true } : {}),
        };
      }),
      search_mode: retriever.mode,
    };
  });
};
