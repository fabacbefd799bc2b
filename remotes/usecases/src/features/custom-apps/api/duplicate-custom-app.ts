import { customAppSchema, type CustomApp, type Locale } from '@assistant/contracts';
import { customAppKeys } from '@assistant/endpoints';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';

/** POST /api/custom-apps/{id}/duplicate `{language}` (201): the user's own copy, "… (Kopie)" / "… (copy)". */
export function duplicateCustomApp(input: { id: string; language: Locale }): Promise<CustomApp> {
  return apiClients().api.post(`custom-apps/${encodeURIComponent(input.id)}/duplicate`, { language: input.language }, customAppSchema);
}

export function useDuplicateCustomApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: duplicateCustomApp,
    onSuccess: (copy) => {
      client.setQueryData(customAppKeys.one(copy.id), copy);
      void client.invalidateQueries({ queryKey: customAppKeys.list() });
    },
  });
}
