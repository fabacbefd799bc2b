import { useEffect, useState } from 'react';
import type { User } from 'oidc-client-ts';
import type { RedirectInfo } from './redirect-info';
import { getAuth, hasAuth, signIn, signOut } from './auth';
import { isSessionInvalid } from './session';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface UseAuthResult {
  /** The stored user, also when its session is no longer valid (status signed-out). */
  user: User | null;
  status: AuthStatus;
  signIn(location?: RedirectInfo): Promise<void>;
  signOut(): Promise<void>;
}

/**
 * The signed-in user for React; follows user-loaded, user-unloaded and signed-out. Without the
 * platform's auth (a remote's test or standalone page that set none) nobody is signed in.
 */
export function useAuth(): UseAuthResult {
  const auth = hasAuth() ? getAuth() : null;
  const [user, setUser] = useState<User | null>(null);
  const [status, setStatus] = useState<AuthStatus>(auth ? 'loading' : 'signed-out');

  useEffect(() => {
    let active = true;
    const apply = (next: User | null) => {
      if (!active) return;
      setUser(next);
      setStatus(isSessionInvalid(next) ? 'signed-out' : 'signed-in');
    };
    if (!auth) return;
    auth.getUser().then(apply, () => apply(null));
    const offs = [
      auth.on('user-loaded', (next) => apply(next)),
      auth.on('user-unloaded', () => apply(null)),
      auth.on('signed-out', () => apply(null)),
    ];
    return () => {
      active = false;
      offs.forEach((off) => off());
    };
  }, [auth]);

  return { user, status, signIn, signOut };
}
