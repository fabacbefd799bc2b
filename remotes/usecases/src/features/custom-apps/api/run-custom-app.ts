import { streamEventSchema, type RunValues, type StreamEvent } from '@assistant/contracts';
import { apiClients } from '@assistant/platform';

/** POST /api/custom-apps/{id}/run `{values}`: the filled template's answer streams as JSON lines. */
export function runCustomApp(id: string, values: RunValues, signal: AbortSignal): Promise<AsyncIterable<StreamEvent>> {
  return apiClients().api.stream(`custom-apps/${encodeURIComponent(id)}/run`, { values }, streamEventSchema, signal);
}
