import type { RegistryCapability, RemoteRegistryEntry, TranscriptionConfig } from '@assistant/contracts';
import { skipToken, useQuery, type UseQueryResult } from '@assistant/platform';
import { useSharedEndpoints, type SharedEndpoints } from '../federation/use-shared-endpoints';

/** Whether the server says a capability is available; false while unknown (loading) or failed. */
export type IsCapabilityAvailable = (capability: RegistryCapability) => boolean;

/** The capabilities some of these registry entries require (`requires`). */
export function requiredCapabilities(remotes: readonly Pick<RemoteRegistryEntry, 'requires'>[]): Set<RegistryCapability> {
  return new Set(remotes.flatMap((entry) => (entry.requires ? [entry.requires] : [])));
}

// Asked by the navigation on every page: the answer is fresh for five minutes.
const CAPABILITY_STALE_MS = 5 * 60_000;
type TranscriptionConfigQuery = ReturnType<SharedEndpoints['transcriptionConfigQuery']>;
// Until the shared definitions are loaded the query has nothing to ask: pending under a key of its
// own, never fetched (typed as the query it stands in for).
const LOADING_ENDPOINTS = { queryKey: ['shared-endpoints', 'loading'], queryFn: skipToken } as unknown as TranscriptionConfigQuery;

/**
 * GET /api/transcriptions/config through its one definition (`@assistant/endpoints`, the same
 * query as the transcribe page's), loaded after the first paint; pending until then.
 */
function useTranscriptionConfigQuery(wanted: boolean): UseQueryResult<TranscriptionConfig> {
  const endpoints = useSharedEndpoints(wanted);
  return useQuery({ ...(endpoints?.transcriptionConfigQuery() ?? LOADING_ENDPOINTS), staleTime: CAPABILITY_STALE_MS, enabled: wanted });
}

/**
 * What the server says about each capability a registry entry may require (registry field
 * `requires`), asked only when one of `remotes` requires it: `transcription` is GET
 * /api/transcriptions/config `available`. One query per capability, shared by the navigation, the
 * routes and the apps page (same query key). Unknown (loading) or failed counts as not available,
 * so such an entry is neither shown nor routed until the server has said yes.
 */
export function useCapabilities(remotes: readonly Pick<RemoteRegistryEntry, 'requires'>[]): IsCapabilityAvailable {
  const required = requiredCapabilities(remotes);
  const transcription = useTranscriptionConfigQuery(required.has('transcription'));
  const available: Record<RegistryCapability, boolean> = {
    transcription: required.has('transcription') && transcription.data?.available === true,
  };
  return (capability) => available[capability];
}

/** One capability's state, for the route of an entry that requires it. */
export function useCapability(capability: RegistryCapability): { available: boolean; pending: boolean } {
  const transcription = useTranscriptionConfigQuery(capability === 'transcription');
  switch (capability) {
    case 'transcription':
      return { available: transcription.data?.available === true, pending: transcription.isPending };
  }
}
