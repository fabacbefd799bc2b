import { z } from 'zod';
import { ID_MAX_LENGTH, isoDateTimeSchema, mustBeOneOf, nonEmptyStringSchema } from './common';

/**
 * Retention (docs/operations.md "Retention"): how long each kind of data is kept, in days (null:
 * forever), by default and per group (a user in several groups: the shortest applies). A daily
 * job deletes what is older, with everything that hangs off it, on one replica at a time.
 *
 * - GET /api/admin/retention, PUT /api/admin/retention: the policy.
 * - GET /api/admin/retention/runs: the latest runs and what each deleted; POST: run now.
 * - GET /api/me/retention: how long the signed-in user's data is kept.
 * - GET /api/me/export?format=json|markdown: everything of the user's, as a download.
 * - DELETE /api/me/conversations: all the user's conversations, at once.
 */

export const RETENTION_KINDS = ['conversations', 'chat_attachments', 'qa_traces', 'research_runs', 'canvases', 'usage_details', 'audit_log'] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];
export const retentionKindSchema = z.enum(RETENTION_KINDS, mustBeOneOf(RETENTION_KINDS));

/** Kinds a group may keep for a shorter time (the audit log and usage details are company-wide). */
export const GROUP_RETENTION_KINDS = ['conversations', 'chat_attachments', 'qa_traces', 'research_runs', 'canvases'] as const satisfies readonly RetentionKind[];
export type GroupRetentionKind = (typeof GROUP_RETENTION_KINDS)[number];

export const MAX_RETENTION_DAYS = 36_500;
/** Days to keep; null: forever. */
export const retentionDaysSchema = z.number().int('A whole number of days').min(1, 'At least one day').max(MAX_RETENTION_DAYS).nullable();

export const retentionPolicySchema = z.strictObject({
  defaults: z.strictObject(Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, retentionDaysSchema])) as Record<RetentionKind, typeof retentionDaysSchema>),
  groups: z
    .array(
      z.strictObject({
        group_id: nonEmptyStringSchema.max(ID_MAX_LENGTH),
        /** Filled in on GET, ignored on PUT. */
        name: z.string().optional(),
        /** Only the kinds this group keeps differently. */
        days: z.strictObject(Object.fromEntries(GROUP_RETENTION_KINDS.map((kind) => [kind, retentionDaysSchema.optional()])) as Record<GroupRetentionKind, z.ZodOptional<typeof retentionDaysSchema>>),
      }),
    )
    .max(200)
    .refine((groups) => new Set(groups.map((group) => group.group_id)).size === groups.length, { message: 'Each group once' }),
});
export type RetentionPolicy = z.infer<typeof retentionPolicySchema>;

export const RETENTION_RUN_STATUSES = ['running', 'done', 'failed'] as const;
export const retentionRunSchema = z.object({
  id: z.string(),
  started_at: isoDateTimeSchema,
  finished_at: isoDateTimeSchema.nullable(),
  status: z.enum(RETENTION_RUN_STATUSES),
  /** Rows deleted so far, by kind (files on disk are counted under the kind they belong to). */
  deleted: z.partialRecord(retentionKindSchema, z.number().int().min(0)),
  /** Who asked for it; null: the daily schedule. */
  requested_by: z.string().nullable(),
  /** The name of whoever asked, as the directory knows them (null: unknown there). */
  requested_by_name: z.string().nullable().optional(),
  error: z.string().nullable(),
});
export type RetentionRun = z.infer<typeof retentionRunSchema>;
export const retentionRunsResponseSchema = z.object({ runs: z.array(retentionRunSchema) });

/** GET /api/me/retention: days each kind of the user's data is kept (null: forever). */
export const myRetentionResponseSchema = z.object({
  days: z.strictObject(Object.fromEntries(GROUP_RETENTION_KINDS.map((kind) => [kind, retentionDaysSchema])) as Record<GroupRetentionKind, typeof retentionDaysSchema>),
});
export type MyRetentionResponse = z.infer<typeof myRetentionResponseSchema>;

export const DATA_EXPORT_FORMATS = ['json', 'markdown'] as const;
export const dataExportQuerySchema = z.object({ format: z.enum(DATA_EXPORT_FORMATS, mustBeOneOf(DATA_EXPORT_FORMATS)) });
export type DataExportFormat = (typeof DATA_EXPORT_FORMATS)[number];

/** DELETE /api/me/conversations */
export const deletedConversationsResponseSchema = z.object({ deleted: z.number().int().min(0) });
