import type { Collection, LanguageModel } from '@assistant/contracts';
import { qaResourcesQuery, shownResources, useLanguageModelsQuery } from '@assistant/endpoints';
import { useQuery } from '@assistant/platform';

const NO_MODELS: LanguageModel[] = [];
const NO_COLLECTIONS: Collection[] = [];

/** The language models on offer: none until they are known, and none after a failed load. */
export function useLanguageModels(): LanguageModel[] {
  return shownResources(useLanguageModelsQuery()) ?? NO_MODELS;
}

/**
 * The collections a conversation can be grounded in (GET /api/qa/resources, with the models: once
 * per session; the picker asks again when opened). `unavailable` after a failed load, which shows
 * none of them.
 */
export function useOfferedCollections(): { collections: Collection[]; unavailable: boolean } {
  const query = useQuery({ ...qaResourcesQuery(), staleTime: Infinity });
  return { collections: shownResources(query)?.collections ?? NO_COLLECTIONS, unavailable: query.isError };
}
