import { z } from 'zod';
import { ID_MAX_LENGTH, isoDateTimeSchema, mustBeOneOf, nonEmptyStringSchema } from './common';

/**
 * Groups from the company's identity provider and sharing with colleagues and departments
 * (docs/sharing.md). The server decides every read and write through one access rule per kind
 * of item (owner, shared with me, shared with a group of mine, company, administrator):
 *
 * - GET /api/shares/{kind}/{id}: who has access (the item's managers only: owner, editors, and
 *   administrators for company items); PUT replaces the list (each added, changed or removed share
 *   is recorded in the audit log); DELETE stops all sharing of the item.
 * - GET /api/directory/people?q=: colleagues who have signed in, by name or e-mail (at most 20).
 * - GET /api/directory/groups?q=: the groups the portal has seen, by name (at most 20).
 * - GET /api/admin/groups, PUT /api/admin/groups/{id}: the administrators' list with member
 *   counts, and a group's display name.
 * - GET /api/shared-with-me, PUT /api/shared-with-me/seen: what was shared with the user, newest
 *   first, and how much of it is new since they last looked (the badge).
 *
 * A group exists once one of its members signed in with it; its members are the users who did.
 */

/** What can be shared. A conversation is shared as a read-only snapshot. */
export const SHARE_ITEM_KINDS = ['conversation', 'agent', 'custom_app', 'collection', 'prompt', 'project'] as const;
export type ShareItemKind = (typeof SHARE_ITEM_KINDS)[number];
export const shareItemKindSchema = z.enum(SHARE_ITEM_KINDS, mustBeOneOf(SHARE_ITEM_KINDS));

/** `view` reads (and, for agents and apps, uses); `edit` also changes the item, never its sharing's owner. */
export const SHARE_ROLES = ['view', 'edit'] as const;
export type ShareRole = (typeof SHARE_ROLES)[number];
export const shareRoleSchema = z.enum(SHARE_ROLES, mustBeOneOf(SHARE_ROLES));

/** The kinds whose recipients may be given `edit` (a conversation snapshot is read-only). */
export const EDITABLE_SHARE_KINDS: readonly ShareItemKind[] = ['agent', 'custom_app', 'collection', 'prompt', 'project'];

/** Most shares one item may have (people and groups together). */
export const MAX_SHARES_PER_ITEM = 100;

export const SHARE_TARGET_TYPES = ['user', 'group', 'company'] as const;
export type ShareTargetType = (typeof SHARE_TARGET_TYPES)[number];

const targetIdSchema = nonEmptyStringSchema.max(ID_MAX_LENGTH, `Must be at most ${ID_MAX_LENGTH} characters`);

/** Whom a share names: a user by their subject, a group by its id from the provider, or everyone. */
export const shareTargetSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('user'), id: targetIdSchema }),
  z.strictObject({ type: z.literal('group'), id: targetIdSchema }),
  z.strictObject({ type: z.literal('company') }),
]);
export type ShareTarget = z.infer<typeof shareTargetSchema>;

/** One share as the item's managers see it: the target with its shown name. */
export const shareSchema = z.object({
  target: z.discriminatedUnion('type', [
    z.object({ type: z.literal('user'), id: z.string(), name: z.string() }),
    z.object({ type: z.literal('group'), id: z.string(), name: z.string() }),
    z.object({ type: z.literal('company') }),
  ]),
  role: shareRoleSchema,
  shared_by: z.object({ sub: z.string(), name: z.string() }),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type Share = z.infer<typeof shareSchema>;

/** GET /api/shares/{kind}/{id}. */
export const shareListResponseSchema = z.object({
  shares: z.array(shareSchema),
  /** Whether the caller may name the whole company (administrators, or SHARE_WITH_COMPANY_ROLE). */
  can_share_with_company: z.boolean(),
  /** Conversations only: whether the snapshot carries the attachments. */
  include_attachments: z.boolean().optional(),
});
export type ShareListResponse = z.infer<typeof shareListResponseSchema>;

/** PUT /api/shares/{kind}/{id}: the whole new list (an empty list stops sharing). Unknown keys are refused. */
export const shareUpdateSchema = z.strictObject({
  shares: z
    .array(z.strictObject({ target: shareTargetSchema, role: shareRoleSchema }))
    .max(MAX_SHARES_PER_ITEM, `At most ${MAX_SHARES_PER_ITEM} shares`)
    .refine((shares) => new Set(shares.map((share) => shareTargetKey(share.target))).size === shares.length, 'Each person or group at most once'),
  /** Conversations only: share the attachments with the snapshot (default: no). */
  include_attachments: z.boolean().optional(),
});
export type ShareUpdate = z.infer<typeof shareUpdateSchema>;

/** One key per target, to compare lists: `user:sub`, `group:id`, `company`. */
export function shareTargetKey(target: { type: ShareTargetType; id?: string }): string {
  return target.type === 'company' ? 'company' : `${target.type}:${target.id ?? ''}`;
}

/**
 * How an item reaches the caller, on every listed item of a kind that can be shared:
 * their own, or shared with them (by whom, through which target), and with whom the owner
 * shared it (owner and editors only; names as shown).
 */
export const itemSharingSchema = z.object({
  access: z.enum(['owner', 'edit', 'view']),
  shared_by: z.object({ sub: z.string(), name: z.string() }).nullable(),
  shared_with: z.array(z.object({ type: z.enum(SHARE_TARGET_TYPES), name: z.string() })),
});
export type ItemSharing = z.infer<typeof itemSharingSchema>;

/** Longest search text of the directory. */
export const DIRECTORY_QUERY_MAX_LENGTH = 100;
export const directoryQuerySchema = z.object({ q: z.string().trim().max(DIRECTORY_QUERY_MAX_LENGTH).default('') });

/** GET /api/directory/people?q=. */
export const directoryPeopleResponseSchema = z.object({
  people: z.array(z.object({ sub: z.string(), name: z.string(), email: z.string().nullable() })),
});
export type DirectoryPerson = z.infer<typeof directoryPeopleResponseSchema>['people'][number];

/** A group as the portal knows it: its id from the provider, its shown name and its members so far. */
export const directoryGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  member_count: z.number().int().min(0),
});
export type DirectoryGroup = z.infer<typeof directoryGroupSchema>;

/** GET /api/directory/groups?q=. */
export const directoryGroupsResponseSchema = z.object({ groups: z.array(directoryGroupSchema) });

/** GET /api/admin/groups: every group, with when a member last signed in and the administrators' display name. */
export const adminGroupsResponseSchema = z.object({
  groups: z.array(
    directoryGroupSchema.extend({
      display_name: z.string().nullable(),
      last_seen_at: isoDateTimeSchema,
    }),
  ),
});
export type AdminGroup = z.infer<typeof adminGroupsResponseSchema>['groups'][number];

export const GROUP_DISPLAY_NAME_MAX_LENGTH = 100;
/** PUT /api/admin/groups/{id}: a display name, or null for the name from the provider. */
export const adminGroupUpdateSchema = z.strictObject({
  display_name: z.string().trim().min(1, 'Must not be empty').max(GROUP_DISPLAY_NAME_MAX_LENGTH).nullable(),
});

/** One item shared with the caller (directly, through a group, or with the company). */
export const sharedWithMeItemSchema = z.object({
  kind: shareItemKindSchema,
  id: z.string(),
  name: z.string(),
  role: shareRoleSchema,
  shared_by: z.object({ sub: z.string(), name: z.string() }),
  via: z.discriminatedUnion('type', [
    z.object({ type: z.literal('user') }),
    z.object({ type: z.literal('group'), name: z.string() }),
    z.object({ type: z.literal('company') }),
  ]),
  shared_at: isoDateTimeSchema,
  unseen: z.boolean(),
});
export type SharedWithMeItem = z.infer<typeof sharedWithMeItemSchema>;

/** GET /api/shared-with-me: newest first (at most 50), `unseen` counts those since `last_seen_at`. */
export const sharedWithMeResponseSchema = z.object({
  items: z.array(sharedWithMeItemSchema),
  unseen: z.number().int().min(0),
  last_seen_at: isoDateTimeSchema.nullable(),
});
export type SharedWithMeResponse = z.infer<typeof sharedWithMeResponseSchema>;
