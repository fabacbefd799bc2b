import { customAppSchema, type CustomApp, type CustomAppExport } from '@assistant/contracts';
import { customAppKeys } from '@assistant/endpoints';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';

/** POST /api/custom-apps/import (201): an export file (already checked with the contract) as a new personal app. */
export function importCustomApp(file: CustomAppExport): Promise<CustomApp> {
  return apiClients().api.post('custom-apps/import', file, customAppSchema);
}

export function useImportCustomApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: importCustomApp,
    onSuccess: (app) => {
      client.setQueryData(customAppKeys.one(app.id), app);
      void client.invalidateQueries({ queryKey: customAppKeys.list() });
    },
  });
}
