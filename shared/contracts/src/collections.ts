import { z } from 'zod';
import { isoDateTimeSchema, mustBeOneOf, nonNegativeIntSchema, uuidSchema } from './common';
import { documentPageSchema } from './document-pages';
import { fileRecordSchema } from './files';
import { ingestionErrorCodeSchema } from './ingestion';
import { itemSharingSchema } from './sharing';

/**
 * Document collections (SPEC section 2 /collections): personal ones belong to their owner, who
 * may share them with people and groups to read or edit; company ones are read by every employee
 * (unless administrators restrict them to groups) and managed by administrators. Calls:
 * GET|POST /api/collections, GET|PATCH|DELETE /api/collections/{id}, GET|POST /api/collections/{id}/files,
 * DELETE /api/files/{fileId}, GET /api/files/{fileId}/content, GET /api/files/{fileId}/pages.
 */

export const COLLECTION_SCOPES = ['personal', 'company'] as const;
export const collectionScopeSchema = z.enum(COLLECTION_SCOPES, { error: mustBeOneOf(COLLECTION_SCOPES) });
export type CollectionScope = z.infer<typeof collectionScopeSchema>;

export const COLLECTION_NAME_MAX_LENGTH = 100;

/** A collection's name: trimmed, 1 to 100 characters. */
export const collectionNameSchema = z
  .string()
  .trim()
  .min(1, 'Please give the collection a name')
  .max(COLLECTION_NAME_MAX_LENGTH, `Must not be longer than ${COLLECTION_NAME_MAX_LENGTH} characters`);

export const collectionSummarySchema = z.object({
  id: uuidSchema,
  name: collectionNameSchema,
  scope: collectionScopeSchema,
  /** Files in the collection, each version counted. */
  file_count: nonNegativeIntSchema,
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
  /**
   * Whether the signed-in user may add and remove its documents (owner and editors of a personal
   * one; administrators for company). Renaming, deleting and sharing it are its owner's
   * (`sharing.access` 'owner'; administrators for company).
   */
  can_manage: z.boolean(),
  /** How it reaches the user (theirs, or shared with them by whom) and with whom it is shared (docs/collections.md "Sharing"). */
  sharing: itemSharingSchema.optional(),
});
export type CollectionSummary = z.infer<typeof collectionSummarySchema>;

/** GET /api/collections?scope=personal|company, newest change first. */
export const collectionListQuerySchema = z.object({ scope: collectionScopeSchema.default('personal') });
export type CollectionListQuery = z.infer<typeof collectionListQuerySchema>;

export const collectionListResponseSchema = z.object({ collections: z.array(collectionSummarySchema) });
export type CollectionListResponse = z.infer<typeof collectionListResponseSchema>;

/** POST /api/collections: scope defaults to personal; company needs the administrator permission. */
export const createCollectionRequestSchema = z.strictObject({
  name: collectionNameSchema,
  scope: collectionScopeSchema.default('personal'),
});
export type CreateCollectionRequest = z.infer<typeof createCollectionRequestSchema>;
export type CreateCollectionRequestInput = z.input<typeof createCollectionRequestSchema>;

/** PATCH /api/collections/{id}: rename. */
export const renameCollectionRequestSchema = z.strictObject({ name: collectionNameSchema });
export type RenameCollectionRequest = z.infer<typeof renameCollectionRequestSchema>;

/** Where a stored file is on its way to being searchable (SPEC section 4 upload states, server side). */
export const FILE_STATUSES = ['uploaded', 'processing', 'processing-failed', 'processed'] as const;
export const fileStatusSchema = z.enum(FILE_STATUSES, { error: mustBeOneOf(FILE_STATUSES) });
export type FileStatus = z.infer<typeof fileStatusSchema>;

/** Why the latest ingestion run of a file failed; the interface shows the text for `dataCode`. */
export const fileErrorSchema = z.object({ dataCode: ingestionErrorCodeSchema, message: z.string() });
export type FileError = z.infer<typeof fileErrorSchema>;

/** A file record (files.ts) with where its ingestion stands. */
export const collectionFileSchema = fileRecordSchema.safeExtend({
  status: fileStatusSchema,
  /** The latest ingestion run of the file (its status is at /api/ingestion/runs/{runId}). */
  runId: uuidSchema.nullable(),
  /** Set when status is processing-failed. */
  error: fileErrorSchema.nullable(),
});
export type CollectionFile = z.infer<typeof collectionFileSchema>;

/** GET /api/collections/{id}/files: newest first. */
export const collectionFileListResponseSchema = z.object({ files: z.array(collectionFileSchema) });
export type CollectionFileListResponse = z.infer<typeof collectionFileListResponseSchema>;

/** POST /api/collections/{id}/files (multipart, one or more files): 201 with one entry per file, in upload order. */
export const uploadResponseSchema = z.object({
  files: z.array(fileRecordSchema.safeExtend({ status: fileStatusSchema, runId: uuidSchema })),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** GET /api/files/{fileId}/pages: the text layer of each page (empty until the file is processed). */
export const filePagesResponseSchema = z.object({ pages: z.array(documentPageSchema) });
export type FilePagesResponse = z.infer<typeof filePagesResponseSchema>;

/** Path parameters of the collection and file calls. */
export const collectionIdParamsSchema = z.object({ id: uuidSchema });
export const fileIdParamsSchema = z.object({ fileId: uuidSchema });

/** GET /api/ingestion/runs: the spec's page query plus an optional collection filter. */
export const ingestionRunsFilterSchema = z.object({ collection_id: uuidSchema.optional() });
