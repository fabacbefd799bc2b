import { z } from 'zod';

/** The two permissions the portal checks (SPEC section 6). */
export const PERMISSION_ADMINISTRATE = 'AdministrateAssistant';
export const PERMISSION_NUMINOUS = 'NuminousAccess';
export const KNOWN_PERMISSIONS = [PERMISSION_ADMINISTRATE, PERMISSION_NUMINOUS] as const;

const permissionEntrySchema = z.object({ permission: z.string().min(1).max(200) });

/** POST /api/iam/check_user: the permissions asked about. */
export const permissionCheckRequestSchema = z.object({
  permissions: z.array(permissionEntrySchema).min(1).max(50),
});
export type PermissionCheckRequest = z.infer<typeof permissionCheckRequestSchema>;

/** The subset of the asked permissions that the user holds. */
export const permissionCheckResponseSchema = z.object({ permissions: z.array(permissionEntrySchema) });
export type PermissionCheckResponse = z.infer<typeof permissionCheckResponseSchema>;
