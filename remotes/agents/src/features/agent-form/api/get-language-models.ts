import { qaResourcesResponseSchema, type LanguageModel } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';
import { qaResourceKeys } from '../../../query-keys';

/** GET /api/qa/resources, of which the form uses the language models (the chat remote reads them the same way). */
export async function getLanguageModels(signal?: AbortSignal): Promise<LanguageModel[]> {
  return (await apiClients().api.get('qa/resources', qaResourcesResponseSchema, { signal })).language_models;
}

export const languageModelsQuery = () =>
  queryOptions({ queryKey: qaResourceKeys.languageModels, queryFn: ({ signal }) => getLanguageModels(signal), staleTime: Infinity });

export const useLanguageModelsQuery = () => useQuery(languageModelsQuery());
