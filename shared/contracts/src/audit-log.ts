import { z } from 'zod';
import { ID_MAX_LENGTH, isoDateTimeSchema, mustBeOneOf, nonEmptyStringSchema } from './common';
import { isoDaySchema } from './usage';

/**
 * The audit log (docs/operations.md "Audit log"): append-only records of what administrators and
 * users did that matters: who, when, what, and the item's state before and after (never prompt or
 * document text). Nothing in the API changes or deletes a record; only its own retention does.
 *
 * - GET /api/admin/audit?actor&action&from&to&cursor: newest first, a page at a time.
 * - GET /api/admin/audit.csv with the same filters: every matching record.
 */
export const AUDIT_ACTIONS = [
  'settings.change',
  'flags.change',
  'customization.change',
  'mcp_server.add',
  'mcp_server.change',
  'mcp_server.remove',
  'budget.change',
  'retention.change',
  'retention.run',
  'share.add',
  'share.change',
  'share.remove',
  'group.rename',
  'agent.publish',
  'agent.unpublish',
  'app.publish',
  'app.unpublish',
  'library.connect',
  'library.disconnect',
  'library.bind',
  'library.unbind',
  'data.export',
  'data.delete',
  'sign_in.failed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditActionSchema = z.enum(AUDIT_ACTIONS, mustBeOneOf(AUDIT_ACTIONS));

export const AUDIT_PAGE_SIZE = 50;

export const auditQuerySchema = z.object({
  /** A user id, or part of a name or e-mail. */
  actor: nonEmptyStringSchema.max(ID_MAX_LENGTH).optional(),
  action: auditActionSchema.optional(),
  from: isoDaySchema.optional(),
  /** Inclusive. */
  to: isoDaySchema.optional(),
  /** The `next_cursor` of the page before. */
  cursor: z.string().regex(/^\d{1,19}$/).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: isoDateTimeSchema,
  actor: z.object({ sub: z.string(), name: z.string().nullable() }),
  action: z.string(),
  subject_kind: z.string(),
  subject_id: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), next_cursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;
