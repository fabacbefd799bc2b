import { PERMISSION_DEVELOPER } from '@assistant/contracts/startup';
import { usePermissionsStore } from '../permissions/permissions-store';
import { usePermission } from '../permissions/use-permission';
import { useDeveloperModeStore } from './developer-mode-store';

/**
 * Whether developer mode is on for the signed-in user: switched on in the user menu and allowed
 * (the DeveloperMode permission; administrators may restrict it with DEVELOPER_MODE_ROLE). False
 * while the permission check is under way. Remotes read it through the platform singleton.
 */
export function useDeveloperMode(): boolean {
  const enabled = useDeveloperModeStore((state) => state.enabled);
  const allowed = usePermission(PERMISSION_DEVELOPER);
  return enabled && allowed === true;
}

/** The same outside React (error notifications): switched on and allowed by the permissions known now. */
export function isDeveloperModeOn(): boolean {
  const permissions = usePermissionsStore.getState();
  return useDeveloperModeStore.getState().enabled && permissions.status === 'loaded' && permissions.granted.has(PERMISSION_DEVELOPER);
}
