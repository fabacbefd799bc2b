import { translationResourcesResponseSchema, type MachineTranslation } from '@assistant/contracts';
import {
  apiClients,
  queryOptions,
  RequestAbortedError,
  useNotificationsStore,
  useQuery,
  useTranslationResourcesStore,
} from '@assistant/platform';

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
 * One load (SPEC sections 2, 3 and 8): every answer is written to the user's persisted list
 * (`useTranslationResourcesStore`); an empty list shows TRANSLATION_NOTIFICATIONS.translation-
 * model-unavailable; a failed load leaves the list empty and shows the same notice (either way
 * nothing can be translated), and the query fails with the error. Runs once per load however many
 * components ask (the query shares it), so there is one notice per load. An abort (the screen was
 * left) changes nothing and notifies nobody.
 */
async function loadTranslationResources(signal: AbortSignal): Promise<MachineTranslation[]> {
  try {
    const resources = await getTranslationResources(signal);
    useTranslationResourcesStore.getState().setResources(resources);
    if (resources.length === 0) notifyUnavailable();
    return resources;
  } catch (error) {
    if (error instanceof RequestAbortedError || signal.aborted) throw error;
    console.warn('Failed to load the translation resources', error);
    useTranslationResourcesStore.getState().setResources([]);
    notifyUnavailable();
    throw error;
  }
}

/** The engines of the user's previous load, shown while the list reloads (none: the loading state). */
function persistedResources(): MachineTranslation[] | undefined {
  const persisted = useTranslationResourcesStore.getState().resources;
  return persisted.length > 0 ? persisted : undefined;
}

/**
 * Loaded on every entry of /translate (staleTime 0): the cached list, else the persisted one, is
 * on screen at once and refreshed in the background. The persisted list is placeholder data, not
 * initial data: it is never taken for an answer, so a failed reload leaves no stale engine behind.
 */
export const translationResourcesQuery = () =>
  queryOptions<MachineTranslation[], Error, MachineTranslation[], typeof translationResourcesKeys.all>({
    queryKey: translationResourcesKeys.all,
    queryFn: ({ signal }) => loadTranslationResources(signal),
    placeholderData: persistedResources,
  });

export const useTranslationResourcesQuery = () => useQuery(translationResourcesQuery());
