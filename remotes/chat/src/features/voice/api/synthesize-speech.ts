import type { SpeechRequest } from '@assistant/contracts';
import { apiClients } from '@assistant/platform';

/** POST /api/speech: the text spoken by the configured text-to-speech model, as audio to play. */
export async function synthesizeSpeech(request: SpeechRequest, signal?: AbortSignal): Promise<Blob> {
  const response = await apiClients().api.request('POST', 'speech', request, { signal, accept: 'audio/*' });
  return response.blob();
}
