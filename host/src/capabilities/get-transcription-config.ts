import { transcriptionConfigSchema, type TranscriptionConfig } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';

export const transcriptionConfigKeys = {
  all: ['transcription-config'] as const,
};

/** GET /api/transcriptions/config: whether a transcription model is configured (docs/use-cases.md). */
export async function getTranscriptionConfig(signal?: AbortSignal): Promise<TranscriptionConfig> {
  return apiClients().api.get('transcriptions/config', transcriptionConfigSchema, { signal });
}

export const transcriptionConfigQuery = () =>
  queryOptions({ queryKey: transcriptionConfigKeys.all, queryFn: ({ signal }) => getTranscriptionConfig(signal), staleTime: 5 * 60_000 });

/** Only asked when the transcribe route exists. */
export const useTranscriptionConfigQuery = (enabled: boolean) => useQuery({ ...transcriptionConfigQuery(), enabled });
