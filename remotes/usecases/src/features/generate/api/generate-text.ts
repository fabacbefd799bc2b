import { streamEventSchema, type GenerateRequestInput, type StreamEvent } from '@assistant/contracts';
import { apiClients } from '@assistant/platform';

/** POST /api/generate: a template and its form's values; the text streams as JSON lines. */
export function generateText(request: GenerateRequestInput, signal: AbortSignal): Promise<AsyncIterable<StreamEvent>> {
  return apiClients().api.stream('generate', request, streamEventSchema, signal);
}
