import { translateResponseSchema, type TranslateRequest, type TranslateResponse } from '@assistant/contracts';
import { apiClients } from '@assistant/platform';

/** POST /api/translate; the answer is checked against the contract. Abortable. */
export function translateText(request: TranslateRequest, signal?: AbortSignal): Promise<TranslateResponse> {
  return apiClients().api.post('translate', request, translateResponseSchema, { signal });
}
