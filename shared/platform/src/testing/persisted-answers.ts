import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { persisterFor } from '../server-state/user-query-persister';

/**
 * Writes `data` as a user's persisted answer of a query marked `persistedPerUser`, as an earlier
 * session of that user left it (`updatedAt`: when it was loaded then).
 */
export async function keepPersistedAnswer(sub: string, queryKey: QueryKey, data: unknown, updatedAt = Date.now() - 60_000): Promise<void> {
  const earlierSession = new QueryClient();
  earlierSession.setQueryData(queryKey, data, { updatedAt });
  const query = earlierSession.getQueryCache().find({ queryKey, exact: true })!;
  await persisterFor(sub).tools.persistQuery(query);
  earlierSession.clear();
}
