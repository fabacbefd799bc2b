import type { Config } from '@assistant/contracts';
import { queryOptions, useConfigStore, useQuery } from '@assistant/platform';

export const configKeys = {
  all: ['config'] as const,
};

/**
 * GET /api/config, through the platform's per-user config store: the configuration stays there
 * (the shell loads it before React mounts, every HTTP client reads its timeout from it, and a
 * failed load gives the defaults with `hasError` and the CONFIG.error notice: SPEC sections 4
 * and 8). The store's load never throws; the query answers with what the store then holds.
 */
export async function getConfig(): Promise<Config> {
  await useConfigStore.getState().load();
  return useConfigStore.getState().config;
}

/**
 * SPEC section 2: /translate loads the configuration on entry. As a query the load runs once per
 * entry (staleTime 0), shared by everything mounted at the time (React's StrictMode included).
 */
export const configQuery = () => queryOptions({ queryKey: configKeys.all, queryFn: () => getConfig() });

/** Loads the configuration when the screen is entered; screens read it from `useConfigStore`. */
export const useConfigQuery = () => useQuery(configQuery());
