import { useMutation, useQueryClient } from '@assistant/platform';
import { qaHistoryKeys } from '../../../query-keys';
import { readHistory, writeHistory } from '../model/history-storage';

/** Removes a question (with its answer and sources) from the user's history. */
export function useDeleteExchange(userSub: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => writeHistory(userSub, readHistory(userSub).filter((entry) => entry.id !== id)),
    onSuccess: (entries) => queryClient.setQueryData(qaHistoryKeys.list(userSub ?? ''), entries),
  });
}
