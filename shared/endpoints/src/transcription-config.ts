import { transcriptionConfigSchema, type TranscriptionConfig } from '@assistant/contracts';
import { apiClients, queryOptions } from '@assistant/platform';

export const transcriptionConfigKeys = {
  all: ['transcription-config'] as const,
};

/** GET /api/transcriptions/config: whether a transcription model is configured, and what it takes (docs/use-cases.md). */
export function getTranscriptionConfig(signal?: AbortSignal): Promise<TranscriptionConfig> {
  return apiClients().api.get('transcriptions/config', transcriptionConfigSchema, { signal });
}

/** Read by the shell (navigation, routes and apps page of an entry that requires transcription), the transcribe page and the chat's microphone. */
export const transcriptionConfigQuery = () =>
  queryOptions({ queryKey: transcriptionConfigKeys.all, queryFn: ({ signal }) => getTranscriptionConfig(signal) });
