import type { RemoteRegistryEntry } from '@assistant/contracts';
import type { Auth } from '@assistant/platform';
import { createContext, useContext } from 'react';
import type { NavigationItem } from '../navigation/build-navigation';

/** What the shell decided at start-up and its pages read: not state, it does not change until a reload. */
export interface ShellContextValue {
  auth: Auth;
  /**
   * Registry entries whose flag and feature are on (routed). One that `requires` a capability
   * reaches its remote only while the server says it is available (capabilities/).
   */
  remotes: readonly RemoteRegistryEntry[];
  navigation: readonly NavigationItem[];
  isAdmin: boolean;
}

export const ShellContext = createContext<ShellContextValue | null>(null);

export function useShell(): ShellContextValue {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell() outside the shell');
  return value;
}
