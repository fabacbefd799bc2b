import { STREAM_CONTENT_TYPE, streamEventSchema, type StreamEvent } from '@assistant/contracts';
import { apiClients, readJsonLines } from '@assistant/platform';
import { researchPath } from './get-research-state';

/**
 * GET /api/research/{id}/events?after=<n>: the run's stored events after seq n, then the new ones
 * as they come, in the stream envelope (`deep_research` lines, finally `done` or `error`). The
 * stream stays open while the run waits for the user; aborting `signal` lets go of it (the run
 * goes on on the server).
 */
export async function followResearchEvents(researchId: string, after: number, signal: AbortSignal): Promise<AsyncIterable<StreamEvent>> {
  const response = await apiClients().api.request('GET', `${researchPath(researchId)}/events?after=${after}`, undefined, { signal, accept: STREAM_CONTENT_TYPE });
  return readJsonLines(response, streamEventSchema, { signal });
}
