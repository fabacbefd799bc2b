import { customAppSchema, type CustomApp } from '@assistant/contracts';
import { customAppKeys } from '@assistant/endpoints';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';

/** POST /api/custom-apps/{id}/publish or /unpublish (administrators): company app for everyone, or personal again. */
export function setPublished(input: { id: string; published: boolean }): Promise<CustomApp> {
  return apiClients().api.post(`custom-apps/${encodeURIComponent(input.id)}/${input.published ? 'publish' : 'unpublish'}`, {}, customAppSchema);
}

export function useSetPublished() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setPublished,
    onSuccess: (app) => {
      client.setQueryData(customAppKeys.one(app.id), app);
      void client.invalidateQueries({ queryKey: customAppKeys.list() });
      void client.invalidateQueries({ queryKey: customAppKeys.versions(app.id) });
    },
  });
}
