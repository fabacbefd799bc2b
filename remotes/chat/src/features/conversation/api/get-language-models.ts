import { qaResourcesResponseSchema, type LanguageModel, type QaResourcesResponse } from '@assistant/contracts';
import { apiClients, notifyErrorMessage, queryOptions, RequestAbortedError, useQaResourcesStore, useQuery } from '@assistant/platform';
import { qaResourceKeys } from '../../../query-keys';

/** `GET /api/qa/resources`, checked with `qaResourcesResponseSchema`: collections and language models. */
export async function getQaResources(signal?: AbortSignal): Promise<QaResourcesResponse> {
  return apiClients().api.get('qa/resources', qaResourcesResponseSchema, { signal });
}

/**
 * One load of the models on offer. The answer also goes to the platform's QA resources store
 * (persisted per user, shared with the QA screens: SPEC section 3); a failure clears the store's
 * lists, marks them unavailable and shows QA_NOTIFICATIONS.load-collections-failed (SPEC section
 * 9), and the query fails. An abort (the view was left) changes nothing and notifies nobody.
 */
async function loadLanguageModels(signal: AbortSignal): Promise<LanguageModel[]> {
  try {
    const answer = await getQaResources(signal);
    useQaResourcesStore.setState({ collections: answer.collections, languageModels: answer.language_models, status: 'loaded' });
    return answer.language_models;
  } catch (error) {
    if (error instanceof RequestAbortedError || signal.aborted) throw error;
    console.warn('Failed to load the QA resources', error);
    useQaResourcesStore.setState({ collections: [], languageModels: [], status: 'unavailable' });
    notifyErrorMessage('QA_NOTIFICATIONS.load-collections-failed');
    throw error;
  }
}

/**
 * The models, loaded once per session (staleTime: Infinity; the platform empties the cache when
 * the user changes). Models the store already loaded in this session (the QA screens) are taken
 * as they are; otherwise the user's persisted list is shown while they load (placeholder data,
 * never taken for an answer).
 */
export const languageModelsQuery = () =>
  queryOptions<LanguageModel[], Error, LanguageModel[], typeof qaResourceKeys.languageModels>({
    queryKey: qaResourceKeys.languageModels,
    queryFn: ({ signal }) => loadLanguageModels(signal),
    staleTime: Infinity,
    initialData: () => {
      const { status, languageModels } = useQaResourcesStore.getState();
      return status === 'loaded' ? languageModels : undefined;
    },
    placeholderData: () => {
      const { languageModels } = useQaResourcesStore.getState();
      return languageModels.length > 0 ? languageModels : undefined;
    },
  });

const NONE: LanguageModel[] = [];

/** The models on offer: empty until they are known (or when they could not be loaded). */
export function useLanguageModelsQuery(): LanguageModel[] {
  return useQuery(languageModelsQuery()).data ?? NONE;
}
