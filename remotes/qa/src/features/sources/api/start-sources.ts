import { apiClients } from '@assistant/platform';

/** POST /api/qa/sources/{trace_id}: starts computing the sources of an answer (202; asking again is harmless). */
export async function startSources(traceId: string): Promise<void> {
  await apiClients().api.postVoid(`qa/sources/${encodeURIComponent(traceId)}`);
}
