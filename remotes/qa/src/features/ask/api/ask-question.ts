import { qaChatRequestSchema, streamEventSchema, type QaChatRequest, type StreamEvent } from '@assistant/contracts';
import { apiClients } from '@assistant/platform';

/**
 * POST /api/qa/chat (SPEC section 7: abortable, streamed): the answer as stream-envelope events,
 * read with the platform's JSON-lines reader. The body is checked with the contract first.
 */
export async function askQuestion(request: QaChatRequest, signal: AbortSignal): Promise<AsyncIterable<StreamEvent>> {
  const body = qaChatRequestSchema.parse(request);
  return apiClients().api.stream('qa/chat', body, streamEventSchema, signal);
}
