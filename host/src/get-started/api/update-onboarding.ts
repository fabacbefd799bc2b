import { onboardingStateSchema, type OnboardingState, type OnboardingUpdate } from '@assistant/contracts';
import { apiClients, notifyError, useMutation, useQueryClient } from '@assistant/platform';
import { onboardingKeys } from './get-onboarding';

/** PUT /api/me/onboarding: the guided start ended, finished or skipped at a step. */
export async function updateOnboarding(update: OnboardingUpdate, signal?: AbortSignal): Promise<OnboardingState> {
  return apiClients().api.put('me/onboarding', update, onboardingStateSchema, { signal });
}

/**
 * Records how the guided start ended. The cache says so at once, so the guided start closes
 * whatever the server answers; when saving fails the user is told, and it shows again on the
 * next visit (nothing else is lost).
 */
export function useUpdateOnboarding() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...onboardingKeys.all, 'update'],
    mutationFn: (update: OnboardingUpdate) => updateOnboarding(update),
    onMutate: (update) => {
      client.setQueryData<OnboardingState>(onboardingKeys.all, { status: update.status, step: update.step ?? null, updated_at: null });
    },
    onSuccess: (saved) => client.setQueryData(onboardingKeys.all, saved),
    onError: (error) => notifyError(error),
  });
}
