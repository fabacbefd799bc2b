import { translateResponseSchema, type TranslateRequest, type TranslateResponse } from '@assistant/contracts';
import { apiClients, useMutation } from '@assistant/platform';

/** POST /api/translate; the answer is checked against the contract. Abortable. */
export function translateText(request: TranslateRequest, signal?: AbortSignal): Promise<TranslateResponse> {
  return apiClients().api.post('translate', request, translateResponseSchema, { signal });
}

/** One translate call: the request and the signal that stops it (Stop, a newer call, leaving). */
export interface TranslateTextVariables {
  request: TranslateRequest;
  signal?: AbortSignal;
}

export const translateTextMutationKey = ['translate'] as const;

/**
 * The translate call as a mutation. It changes no server data, so it invalidates nothing; the
 * screen keeps its result (useTranslateRequest) and reads pending/error from here.
 */
export const useTranslateTextMutation = () =>
  useMutation({
    mutationKey: translateTextMutationKey,
    mutationFn: ({ request, signal }: TranslateTextVariables) => translateText(request, signal),
  });
