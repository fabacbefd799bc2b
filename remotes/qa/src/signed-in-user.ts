import { getAuth, getUser, hasAuth } from '@assistant/platform';
import { useEffect, useState } from 'react';

/**
 * The signed-in user's `sub` (what this screen keeps its choices and history under), following
 * the platform's auth events; undefined while it is read, null when nobody is signed in.
 */
export function useSignedInSub(): string | null | undefined {
  const [sub, setSub] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (!hasAuth()) {
      setSub(null);
      return;
    }
    let current = true;
    const read = () =>
      getUser().then(
        (user) => current && setSub(user?.profile.sub || null),
        (error: unknown) => {
          console.error('The signed-in user could not be read', error);
          if (current) setSub(null);
        },
      );
    void read();
    const auth = getAuth();
    const offs = [auth.on('user-loaded', () => void read()), auth.on('user-unloaded', () => current && setSub(null))];
    return () => {
      current = false;
      offs.forEach((off) => off());
    };
  }, []);
  return sub;
}
