import type { CollectionScope, CollectionSummary } from '@assistant/contracts';
import { useCollectionsQuery } from '@assistant/endpoints';
import { useLocale } from '@assistant/platform';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { describeCollectionError } from '../model/describe-collection-error';

export type CollectionsStatus = 'loading' | 'ready' | 'failed';

export interface UseCollections {
  status: CollectionsStatus;
  collections: CollectionSummary[];
  /** Why the list could not be loaded (status failed), in the interface language. */
  error: string | undefined;
  /** A new load is under way while the last answer (or failure) stays on screen. */
  reloading: boolean;
  reload(): void;
}

/**
 * The collections of a scope as the list shows them: loading, ready (also when a reload failed:
 * the last list stays) or failed with its reason. Loading, aborting and caching are the query's.
 */
export function useCollections(scope: CollectionScope): UseCollections {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const query = useCollectionsQuery(scope);
  const reload = () => void query.refetch();
  if (query.data) return { status: 'ready', collections: query.data, error: undefined, reloading: query.isFetching, reload };
  if (query.isError) {
    return { status: 'failed', collections: [], error: describeCollectionError(query.error, t, language).message, reloading: query.isFetching, reload };
  }
  return { status: 'loading', collections: [], error: undefined, reloading: false, reload };
}
