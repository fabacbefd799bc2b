import { useEffect } from 'react';
import { loadPermissions, usePermissionsStore, type PermissionName } from './permissions-store';

/**
 * Whether the signed-in user holds a permission: undefined while the one check of the session is
 * under way, then true or false (a failed check counts as false).
 */
export function usePermission(name: PermissionName): boolean | undefined {
  const status = usePermissionsStore((state) => state.status);
  const granted = usePermissionsStore((state) => state.granted.has(name));
  useEffect(() => {
    if (status === 'idle') void loadPermissions();
  }, [status]);
  if (status === 'idle' || status === 'loading') return undefined;
  return granted;
}
