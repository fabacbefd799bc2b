import { agentExportSchema, type AgentExport } from '@assistant/contracts';
import { apiClients } from '@assistant/platform';

/** GET /api/agents/{id}/export: the versioned JSON document (`format: assistant-agent`). */
export function exportAgent(id: string): Promise<AgentExport> {
  return apiClients().api.get(`agents/${encodeURIComponent(id)}/export`, agentExportSchema);
}
