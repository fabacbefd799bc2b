import { translationResourcesResponseSchema, type MachineTranslation } from '@assistant/contracts';
import { apiClients, keptAnswer, persistedPerUser, queryOptions, RequestAbortedError, useNotificationsStore, useQuery } from '@assistant/platform';

export const translationResourcesKeys = {
  all: ['translation-resources'] as const,
};

/** GET /api/translation/resources: the machine-translation engines and their language maps. */
export async function getTranslationResources(signal?: AbortSignal): Promise<MachineTranslation[]> {
  return apiClients().api.get('translation/resources', translationResourcesResponseSchema, { signal });
}

function notifyUnavailable(): void {
  useNotificationsStore.getState().notify('error', { message: 'TRANSLATION_NOTIFICATIONS.translation-model-unavailable' });
}

/**
 * One load (SPEC sections 2, 3 and 8): an empty list shows TRANSLATION_NOTIFICATIONS.translation-
 * model-unavailable; a failed load shows the same notice (either way nothing can be translated)
 * and the query fails with the error. Runs once per load however many components ask (the query
 * shares it), so there is one notice per load. An abort (the screen was left) notifies nobody.
 */
async function loadTranslationResources(signal: AbortSignal): Promise<MachineTranslation[]> {
  try {
    const resources = await getTranslationResources(signal);
    if (resources.length === 0) notifyUnavailable();
    return resources;
  } catch (error) {
    if (error instanceof RequestAbortedError || signal.aborted) throw error;
    console.warn('Failed to load the translation resources', error);
    notifyUnavailable();
    throw error;
  }
}

const keptResources = () => keptAnswer<MachineTranslation[]>(translationResourcesKeys.all);

/**
 * Loaded on every entry of /translate (staleTime 0). Persisted per user (SPEC section 3, the
 * platform's `persistedPerUser`): on a new page load the engines of the user's last load are on
 * screen at once and asked again right away; a failed load forgets them, and the page shows none
 * (SPEC section 4: "a failed load leaves the list empty").
 */
export const translationResourcesQuery = () =>
  queryOptions<MachineTranslation[], Error, MachineTranslation[], typeof translationResourcesKeys.all>({
    queryKey: translationResourcesKeys.all,
    queryFn: ({ signal }) => loadTranslationResources(signal),
    persister: persistedPerUser,
    placeholderData: keptResources,
  });

export const useTranslationResourcesQuery = () => useQuery(translationResourcesQuery());
