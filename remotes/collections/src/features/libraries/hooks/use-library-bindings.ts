import type { LibraryBinding } from '@assistant/contracts';
import { collectionKeys, libraryBindingsQuery } from '@assistant/endpoints';
import { useQuery, useQueryClient } from '@assistant/platform';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { SYNC_POLLING } from '../model/sync-polling';
import { anySyncing } from '../model/sync-progress';

/**
 * A connection's bindings, asked again every SYNC_POLLING.intervalMs while one of them syncs.
 * When a sync ends its collection has new, changed or fewer files: the collection screens are
 * told (their queries are invalidated) and a screen reader hears how it ended.
 */
export function useLibraryBindings(libraryId: string, announce: (text: string) => void) {
  const { t } = useTranslation(NAMESPACE);
  const client = useQueryClient();
  const query = useQuery({
    ...libraryBindingsQuery(libraryId),
    refetchInterval: (current) => (anySyncing(current.state.data) ? SYNC_POLLING.intervalMs : false),
  });
  const seen = useRef<Map<string, LibraryBinding['state']> | null>(null);

  useEffect(() => {
    if (!query.data) return;
    const before = seen.current;
    seen.current = new Map(query.data.map((binding) => [binding.id, binding.state]));
    // The first answer is the page loading, not a change.
    if (!before) return;
    const ended = query.data.filter((binding) => before.get(binding.id) === 'syncing' && binding.state !== 'syncing');
    const started = query.data.filter((binding) => binding.state === 'syncing' && before.get(binding.id) !== 'syncing');
    if (ended.length > 0) void client.invalidateQueries({ queryKey: collectionKeys.all });
    const texts = [
      ...started.map((binding) => t('libraries.announce.started', { path: binding.folder.path })),
      ...ended.map((binding) =>
        t(binding.state === 'failed' ? 'libraries.announce.failed' : 'libraries.announce.finished', {
          path: binding.folder.path,
          count: binding.progress?.files_done ?? 0,
        }),
      ),
    ];
    if (texts.length > 0) announce(texts.join(' '));
  }, [query.data, client, t, announce]);

  return query;
}
