import { customAppKeys } from '@assistant/endpoints';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';

/** DELETE /api/custom-apps/{id}. */
export async function deleteCustomApp(id: string): Promise<void> {
  await apiClients().api.delete(`custom-apps/${encodeURIComponent(id)}`);
}

export function useDeleteCustomApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomApp,
    onSuccess: (_nothing, id) => {
      client.removeQueries({ queryKey: customAppKeys.one(id) });
      void client.invalidateQueries({ queryKey: customAppKeys.list() });
    },
  });
}
