import { qaResourcesResponseSchema, type QaResourcesResponse } from '@assistant/contracts';
import { apiClients, notifyErrorMessage, queryOptions, RequestAbortedError, useQaResourcesStore, useQuery } from '@assistant/platform';
import { qaResourceKeys } from '../../../query-keys';

/** `GET /api/qa/resources`, checked with `qaResourcesResponseSchema`: collections, language models, search mode. */
export async function getQaResources(signal?: AbortSignal): Promise<QaResourcesResponse> {
  return apiClients().api.get('qa/resources', qaResourcesResponseSchema, { signal });
}

/**
 * One load (SPEC sections 3 and 8). The answer goes to the platform's QA resources store (the
 * lists persisted per user, shared with the chat); a failure clears the store's lists, marks them
 * unavailable and shows QA_NOTIFICATIONS.load-collections-failed, and the query fails, so the
 * screen says the resources are unavailable and offers to load them again. An abort (the screen
 * was left) changes nothing and notifies nobody.
 */
async function loadQaResources(signal: AbortSignal): Promise<QaResourcesResponse> {
  try {
    const answer = await getQaResources(signal);
    useQaResourcesStore.setState({ collections: answer.collections, languageModels: answer.language_models, status: 'loaded' });
    return answer;
  } catch (error) {
    if (error instanceof RequestAbortedError || signal.aborted) throw error;
    console.warn('Failed to load the QA resources', error);
    useQaResourcesStore.setState({ collections: [], languageModels: [], status: 'unavailable' });
    notifyErrorMessage('QA_NOTIFICATIONS.load-collections-failed');
    throw error;
  }
}

/** The user's persisted lists, shown while they load again (placeholder data, never taken for an answer). */
function persistedResources(): QaResourcesResponse | undefined {
  const { collections, languageModels } = useQaResourcesStore.getState();
  return collections.length > 0 || languageModels.length > 0 ? { collections, language_models: languageModels } : undefined;
}

/** Loaded on every entry of the screen (staleTime 0): the kept lists show at once and are refreshed. */
export const qaResourcesQuery = () =>
  queryOptions<QaResourcesResponse, Error, QaResourcesResponse, typeof qaResourceKeys.screen>({
    queryKey: qaResourceKeys.screen,
    queryFn: ({ signal }) => loadQaResources(signal),
    placeholderData: persistedResources,
  });

export const useQaResourcesQuery = () => useQuery(qaResourcesQuery());
