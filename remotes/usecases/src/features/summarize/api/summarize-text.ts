import { streamEventSchema, type StreamEvent, type SummarizeRequestInput } from '@assistant/contracts';
import { apiClients } from '@assistant/platform';

/** POST /api/summarize: pasted `text` or the `file_id` of a processed document; the summary streams as JSON lines. */
export function summarizeText(request: SummarizeRequestInput, signal: AbortSignal): Promise<AsyncIterable<StreamEvent>> {
  return apiClients().api.stream('summarize', request, streamEventSchema, signal);
}
