import { customAppSchema, type CustomApp } from '@assistant/contracts';
import { customAppKeys } from '@assistant/endpoints';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';

/**
 * POST /api/custom-apps/{id}/versions/{version}/restore `{base_version}`: that version's definition
 * as a new version (a stale base is a 409 with the current app).
 */
export function restoreAppVersion(input: { id: string; version: number; baseVersion: number }): Promise<CustomApp> {
  return apiClients().api.post(
    `custom-apps/${encodeURIComponent(input.id)}/versions/${input.version}/restore`,
    { base_version: input.baseVersion },
    customAppSchema,
  );
}

export function useRestoreAppVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: restoreAppVersion,
    onSuccess: (app) => {
      client.setQueryData(customAppKeys.one(app.id), app);
      void client.invalidateQueries({ queryKey: customAppKeys.versions(app.id) });
      void client.invalidateQueries({ queryKey: customAppKeys.list() });
    },
    // Refused (changed meanwhile, gone): the app and its history as they are now.
    onError: (_error, { id }) => {
      void client.invalidateQueries({ queryKey: customAppKeys.one(id) });
      void client.invalidateQueries({ queryKey: customAppKeys.versions(id) });
    },
  });
}
