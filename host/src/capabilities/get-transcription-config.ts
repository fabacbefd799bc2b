import type { TranscriptionConfig } from '@assistant/contracts';
import { apiClients, queryOptions } from '@assistant/platform';

export const transcriptionConfigKeys = {
  all: ['transcription-config'] as const,
};

/** GET /api/transcriptions/config: whether a transcription model is configured (docs/use-cases.md). */
export async function getTranscriptionConfig(signal?: AbortSignal): Promise<TranscriptionConfig> {
  // Asked by the navigation after the first paint: the full contracts (and zod) load then (issue 18).
  const { transcriptionConfigSchema } = await import('@assistant/contracts');
  return apiClients().api.get('transcriptions/config', transcriptionConfigSchema, { signal });
}

/**
 * The one query of the transcription config in the shell: the navigation, the route of an entry
 * that `requires: 'transcription'` and the apps page all read it (./use-capabilities.ts).
 */
export const transcriptionConfigQuery = () =>
  queryOptions({ queryKey: transcriptionConfigKeys.all, queryFn: ({ signal }) => getTranscriptionConfig(signal), staleTime: 5 * 60_000 });
