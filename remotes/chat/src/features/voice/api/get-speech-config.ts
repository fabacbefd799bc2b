import { speechConfigSchema, type SpeechConfig } from '@assistant/contracts';
import { apiClients, queryOptions } from '@assistant/platform';
import { speechKeys } from '../../../query-keys';

/** GET /api/speech/config: whether a text-to-speech model reads the answers (else the browser's voices). */
export function getSpeechConfig(signal?: AbortSignal): Promise<SpeechConfig> {
  return apiClients().api.get('speech/config', speechConfigSchema, { signal });
}

/** Kept for the session: the server's configuration does not change while the page is open. */
export const speechConfigQuery = () => queryOptions({ queryKey: speechKeys.config, queryFn: ({ signal }) => getSpeechConfig(signal), staleTime: Infinity });
