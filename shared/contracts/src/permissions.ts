import { z } from './zod-mini';

/** The permissions the portal checks (SPEC section 6). zod/mini: on the shell's start-up path. */
export const PERMISSION_ADMINISTRATE = 'AdministrateAssistant';
export const PERMISSION_NUMINOUS = 'NuminousAccess';
/**
 * May switch developer mode on and gets an answer's details, its raw event stream and request ids
 * (docs/developer-mode.md): everyone, unless DEVELOPER_MODE_ROLE names a role or group.
 */
export const PERMISSION_DEVELOPER = 'DeveloperMode';
export const KNOWN_PERMISSIONS = [PERMISSION_ADMINISTRATE, PERMISSION_NUMINOUS, PERMISSION_DEVELOPER] as const;

const permissionEntrySchema = z.object({ permission: z.string().check(z.minLength(1), z.maxLength(200)) });

/** POST /api/iam/check_user: the permissions asked about. */
export const permissionCheckRequestSchema = z.object({
  permissions: z.array(permissionEntrySchema).check(z.minLength(1), z.maxLength(50)),
});
export type PermissionCheckRequest = z.infer<typeof permissionCheckRequestSchema>;

/** The subset of the asked permissions that the user holds. */
export const permissionCheckResponseSchema = z.object({ permissions: z.array(permissionEntrySchema) });
export type PermissionCheckResponse = z.infer<typeof permissionCheckResponseSchema>;
