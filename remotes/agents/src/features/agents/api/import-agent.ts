import { agentImportResponseSchema, type AgentImportResponse } from '@assistant/contracts';
import { agentKeys } from '@assistant/endpoints';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';

/**
 * POST /api/agents/import (201): a new personal agent from an export document, and what of it the
 * server dropped (collections the user may not read, unknown tool servers, a model not on offer).
 * The document goes as it was read; the server checks it (400 with the reason otherwise).
 */
export function importAgent(document: unknown): Promise<AgentImportResponse> {
  return apiClients().api.post('agents/import', document, agentImportResponseSchema);
}

export function useImportAgent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (document: unknown) => importAgent(document),
    onSuccess: ({ agent }) => {
      client.setQueryData(agentKeys.detail(agent.id), agent);
      void client.invalidateQueries({ queryKey: agentKeys.list() });
    },
  });
}
