import type { RegistryCapability, RemoteRegistryEntry } from '@assistant/contracts';
import { useQuery } from '@assistant/platform';
import { transcriptionConfigQuery } from './get-transcription-config';

/** Whether the server says a capability is available; false while unknown (loading) or failed. */
export type IsCapabilityAvailable = (capability: RegistryCapability) => boolean;

/** The capabilities some of these registry entries require (`requires`). */
export function requiredCapabilities(remotes: readonly Pick<RemoteRegistryEntry, 'requires'>[]): Set<RegistryCapability> {
  return new Set(remotes.flatMap((entry) => (entry.requires ? [entry.requires] : [])));
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
  const transcription = useQuery({ ...transcriptionConfigQuery(), enabled: required.has('transcription') });
  const available: Record<RegistryCapability, boolean> = {
    transcription: required.has('transcription') && transcription.data?.available === true,
  };
  return (capability) => available[capability];
}

/** One capability's state, for the route of an entry that requires it. */
export function useCapability(capability: RegistryCapability): { available: boolean; pending: boolean } {
  const transcription = useQuery({ ...transcriptionConfigQuery(), enabled: capability === 'transcription' });
  switch (capability) {
    case 'transcription':
      return { available: transcription.data?.available === true, pending: transcription.isPending };
  }
}
