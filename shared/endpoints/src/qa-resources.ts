import { qaResourcesResponseSchema, type LanguageModel, type QaResourcesResponse } from '@assistant/contracts';
import { apiClients, keptAnswer, notifyErrorMessage, persistedPerUser, queryOptions, RequestAbortedError, useQuery } from '@assistant/platform';

/** GET /api/qa/resources: one answer, kept whole under one key whoever asks (QA, chat, agent form). */
export const qaResourceKeys = {
  all: ['qa-resources'] as const,
};

/** `GET /api/qa/resources`, checked with `qaResourcesResponseSchema`: collections, language models, search mode. */
export function getQaResources(signal?: AbortSignal): Promise<QaResourcesResponse> {
  return apiClients().api.get('qa/resources', qaResourcesResponseSchema, { signal });
}

/**
 * One load (SPEC sections 3, 4 and 8). A failure shows QA_NOTIFICATIONS.load-collections-failed
 * once per load (the query shares the load among everything that asks) and the query fails, so a
 * screen says the resources are unavailable and offers to load them again; an abort (the screen
 * was left) notifies nobody.
 */
async function loadQaResources(signal: AbortSignal): Promise<QaResourcesResponse> {
  try {
    return await getQaResources(signal);
  } catch (error) {
    if (error instanceof RequestAbortedError || signal.aborted) throw error;
    console.warn('Failed to load the QA resources', error);
    notifyErrorMessage('QA_NOTIFICATIONS.load-collections-failed');
    throw error;
  }
}

const keptResources = () => keptAnswer<QaResourcesResponse>(qaResourceKeys.all);

/**
 * Persisted per user (SPEC section 3): the user's last answer shows at once on a new page load and
 * is asked again right away; a failed load forgets it. `staleTime` is the screen's: the QA screen
 * asks on every entry, the chat and the agent form once per session.
 */
export const qaResourcesQuery = () =>
  queryOptions<QaResourcesResponse, Error, QaResourcesResponse, typeof qaResourceKeys.all>({
    queryKey: qaResourceKeys.all,
    queryFn: ({ signal }) => loadQaResources(signal),
    persister: persistedPerUser,
    placeholderData: keptResources,
  });

const selectLanguageModels = (answer: QaResourcesResponse): LanguageModel[] => answer.language_models;

/** The language models on offer (the chat's and the agent form's choice), asked once per session. */
export const useLanguageModelsQuery = () => useQuery({ ...qaResourcesQuery(), staleTime: Infinity, select: selectLanguageModels });

/**
 * What a screen shows of a QA resources query: after a failed load nothing, even while an earlier
 * answer is still cached (SPEC section 4: "the resources are cleared and marked unavailable").
 */
export function shownResources<T>(query: { data: T | undefined; isError: boolean }): T | undefined {
  return query.isError ? undefined : query.data;
}
