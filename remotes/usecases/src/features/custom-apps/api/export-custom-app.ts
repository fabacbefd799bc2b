import { customAppExportSchema, type CustomAppExport } from '@assistant/contracts';
import { apiClients } from '@assistant/platform';

/** GET /api/custom-apps/{id}/export: the versioned JSON file (`format: assistant-custom-app`). */
export function exportCustomApp(id: string): Promise<CustomAppExport> {
  return apiClients().api.get(`custom-apps/${encodeURIComponent(id)}/export`, customAppExportSchema);
}
