import { onboardingStateSchema, type OnboardingState } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';

export const onboardingKeys = {
  all: ['me', 'onboarding'] as const,
};

/** GET /api/me/onboarding: whether the signed-in user has finished or skipped the guided start. */
export async function getOnboarding(signal?: AbortSignal): Promise<OnboardingState> {
  return apiClients().api.get('me/onboarding', onboardingStateSchema, { signal });
}

export const onboardingQuery = () =>
  queryOptions({
    queryKey: onboardingKeys.all,
    queryFn: ({ signal }) => getOnboarding(signal),
    // Asked once a page load: it changes only through this browser's own answer (set in the cache).
    staleTime: Infinity,
    retry: 1,
  });

export const useOnboardingQuery = () => useQuery(onboardingQuery());
