import { queryOptions, useQuery } from '@assistant/platform';
import { qaHistoryKeys } from '../../../query-keys';
import { readHistory } from '../model/history-storage';

/**
 * The question history of the signed-in user, kept in this browser (model/history-storage.ts),
 * through the query layer like server data: changes write it and set the query's data.
 */
export const historyQuery = (userSub: string | null) =>
  queryOptions({
    queryKey: qaHistoryKeys.list(userSub ?? ''),
    queryFn: async () => readHistory(userSub),
    staleTime: Infinity,
  });

export const useHistoryQuery = (userSub: string | null) => useQuery(historyQuery(userSub));
