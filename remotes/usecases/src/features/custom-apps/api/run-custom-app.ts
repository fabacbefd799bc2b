import { streamEventSchema, type RunCustomAppRequestInput, type StreamEvent } from '@assistant/contracts';
import { apiClients } from '@assistant/platform';

/**
 * POST /api/custom-apps/{id}/run `{values, file_id?}`: the filled template's answer streams as JSON
 * lines; with `file_id` it is carried out on that document (progress lines first when it is read in parts).
 */
export function runCustomApp(id: string, request: RunCustomAppRequestInput, signal: AbortSignal): Promise<AsyncIterable<StreamEvent>> {
  return apiClients().api.stream(`custom-apps/${encodeURIComponent(id)}/run`, request, streamEventSchema, signal);
}
