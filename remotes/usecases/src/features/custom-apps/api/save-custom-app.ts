import { customAppSchema, type CreateCustomAppRequestInput, type CustomApp } from '@assistant/contracts';
import { customAppKeys } from '@assistant/endpoints';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';

/**
 * POST /api/custom-apps (a new personal app) or PUT /api/custom-apps/{id} with the version the
 * change is based on (a stale one is a 409: the editor then reads the current app and offers to
 * load it or to save over it).
 */
export function saveCustomApp(input: { id?: string; version?: number; definition: CreateCustomAppRequestInput }): Promise<CustomApp> {
  const { id, version, definition } = input;
  if (id === undefined) return apiClients().api.post('custom-apps', definition, customAppSchema);
  return apiClients().api.put(`custom-apps/${encodeURIComponent(id)}`, { ...definition, version }, customAppSchema);
}

export function useSaveCustomApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCustomApp,
    onSuccess: (app) => {
      client.setQueryData(customAppKeys.one(app.id), app);
      void client.invalidateQueries({ queryKey: customAppKeys.list() });
      void client.invalidateQueries({ queryKey: customAppKeys.versions(app.id) });
    },
  });
}
