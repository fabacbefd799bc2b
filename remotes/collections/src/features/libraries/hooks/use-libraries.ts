import type { CollectionScope, LibraryConnection } from '@assistant/contracts';
import { useLibrariesQuery } from '@assistant/endpoints';
import { useLocale, useWorkspaceStore } from '@assistant/platform';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { describeLibraryError } from '../model/describe-library-error';

export interface UseLibraries {
  status: 'loading' | 'ready' | 'failed';
  libraries: LibraryConnection[];
  /** Whether this server can connect Microsoft 365 (else WebDAV only). */
  microsoftAvailable: boolean;
  /** Why the list could not be loaded (status failed), in the interface language. */
  error: string | undefined;
  reloading: boolean;
  reload(): void;
}

/**
 * The connections of a scope as the screens show them (loading, ready, failed). The personal
 * list also keeps the workspace's `documentLibrary.connected` flag: whether the user has a
 * library connected, whichever screen connected or disconnected it.
 */
export function useLibraries(scope: CollectionScope, enabled = true): UseLibraries {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const query = useLibrariesQuery(scope, enabled);
  const setDocumentLibrary = useWorkspaceStore((state) => state.setDocumentLibrary);
  const connected = query.data ? query.data.libraries.length > 0 : undefined;
  useEffect(() => {
    if (scope === 'personal' && connected !== undefined) setDocumentLibrary({ connected });
  }, [scope, connected, setDocumentLibrary]);

  const reload = () => void query.refetch();
  if (query.data) {
    const { libraries, microsoft_available: microsoftAvailable = false } = query.data;
    return { status: 'ready', libraries, microsoftAvailable, error: undefined, reloading: query.isFetching, reload };
  }
  const none = { libraries: [], microsoftAvailable: false };
  if (query.isError) {
    return { status: 'failed', ...none, error: describeLibraryError(query.error, t, language).message, reloading: query.isFetching, reload };
  }
  return { status: 'loading', ...none, error: undefined, reloading: false, reload };
}
