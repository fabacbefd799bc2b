import { agentDraftSchema, type AgentDraft, type GenerateAgentRequest } from '@assistant/contracts';
import { apiClients, useMutation } from '@assistant/platform';

/**
 * POST /api/skills/generate-agent: the model proposes the form's fields from a description
 * (nothing is stored). 503 without a model, 502 when its answer is no usable form, 504 on timeout.
 */
export function generateAgent(request: GenerateAgentRequest): Promise<AgentDraft> {
  return apiClients().api.post('skills/generate-agent', request, agentDraftSchema);
}

export const useGenerateAgent = () => useMutation({ mutationFn: (request: GenerateAgentRequest) => generateAgent(request) });
