import { transcriptionConfigSchema, type TranscriptionConfig } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';

/** GET /api/transcriptions/config: whether a transcription model is configured, and what it takes. */
export function getTranscriptionConfig(signal?: AbortSignal): Promise<TranscriptionConfig> {
  return apiClients().api.get('transcriptions/config', transcriptionConfigSchema, { signal });
}

export const transcriptionConfigQuery = () =>
  queryOptions({ queryKey: ['usecases', 'transcriptions', 'config'], queryFn: ({ signal }) => getTranscriptionConfig(signal) });

export const useTranscriptionConfig = () => useQuery(transcriptionConfigQuery());
