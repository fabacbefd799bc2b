import { useMutation, useQueryClient } from '@assistant/platform';
import type { QaExchange } from '../../../qa-exchange';
import { qaHistoryKeys } from '../../../query-keys';
import { readHistory, withExchange, writeHistory } from '../model/history-storage';

/** Stores a question with its answer (and later its sources) in the user's history: new ones first, changed ones in place. */
export function useSaveExchange(userSub: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (exchange: QaExchange) => writeHistory(userSub, withExchange(readHistory(userSub), exchange)),
    onSuccess: (entries) => queryClient.setQueryData(qaHistoryKeys.list(userSub ?? ''), entries),
  });
}
