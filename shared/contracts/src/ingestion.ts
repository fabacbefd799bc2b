import { z } from 'zod';
import { isoDateTimeSchema, mustBeOneOf, nonEmptyStringSchema, nonNegativeIntSchema, positiveIntSchema } from './common';

/**
 * Ingestion runs (SPEC section 3 "Ingestion runs page"): one run per uploaded file turning it into
 * searchable text. The error codes DATA0001 to DATA0009 exist in the spec without a meaning; the
 * meanings below are this project's (docs/contracts.md).
 */

export const INGESTION_RUN_STATUSES = ['created', 'running', 'completed', 'failed'] as const;
export const ingestionRunStatusSchema = z.enum(INGESTION_RUN_STATUSES, { error: mustBeOneOf(INGESTION_RUN_STATUSES) });
export type IngestionRunStatus = z.infer<typeof ingestionRunStatusSchema>;

/** What each ingestion error code means. The client shows a localized text per code. */
export const INGESTION_ERROR_CODES = {
  DATA0001: 'Unsupported file type',
  DATA0002: 'File too large',
  DATA0003: 'No extractable text',
  DATA0004: 'File is corrupt or unreadable',
  DATA0005: 'File is encrypted or password protected',
  DATA0006: 'File is empty',
  DATA0007: 'Processing timed out',
  DATA0008: 'Storage failure',
  DATA0009: 'Unexpected processing error',
} as const;
export type IngestionErrorCode = keyof typeof INGESTION_ERROR_CODES;
const INGESTION_ERROR_CODE_LIST = Object.keys(INGESTION_ERROR_CODES) as [IngestionErrorCode, ...IngestionErrorCode[]];

export const ingestionErrorCodeSchema = z.enum(INGESTION_ERROR_CODE_LIST, {
  error: 'Must be an ingestion error code from DATA0001 to DATA0009',
});

export const ingestionErrorSchema = z.object({
  /** A short machine-readable kind, such as "validation" or "extraction". */
  type: nonEmptyStringSchema,
  /** English detail for logs; the interface shows the text for `dataCode` instead. */
  message: z.string(),
  /** The HTTP status that fits the failure (415 unsupported, 413 too large, 500 ...). */
  httpCode: z
    .number()
    .int('Must be a whole number')
    .min(100, 'Must be an HTTP status code (100 to 599)')
    .max(599, 'Must be an HTTP status code (100 to 599)'),
  dataCode: ingestionErrorCodeSchema,
});
export type IngestionError = z.infer<typeof ingestionErrorSchema>;

/** What is known about the ingested file; every field optional because sources differ. */
export const ingestionRunMetadataSchema = z.object({
  fileName: z.string().optional(),
  name: z.string().optional(),
  /** Where the file came from: "upload" or a connector's name. */
  dataSource: z.string().optional(),
  createdAt: isoDateTimeSchema.optional(),
  /** The kind of document as detected, such as "pdf" or "docx". */
  documentType: z.string().optional(),
  /** The file's media type. */
  type: z.string().optional(),
  /** Bytes. */
  fileSize: z.optional(nonNegativeIntSchema),
  /** Bytes; the same as fileSize, kept because older producers send only this one. */
  size: z.optional(nonNegativeIntSchema),
});
export type IngestionRunMetadata = z.infer<typeof ingestionRunMetadataSchema>;

export const ingestionRunSchema = z
  .object({
    /** This server's addition: the run's id (its status is at {status_base_url}/{id}). */
    id: nonEmptyStringSchema.optional(),
    /** This server's addition: the file the run ingests. */
    fileId: nonEmptyStringSchema.optional(),
    status: ingestionRunStatusSchema,
    /** The dataset the file became; present once the run completed. */
    output: z.object({ datasetId: nonEmptyStringSchema }).nullable(),
    errors: z.array(ingestionErrorSchema).nullable(),
    metadata: ingestionRunMetadataSchema.optional(),
  })
  .refine((run) => run.status !== 'completed' || run.output !== null, {
    message: 'A completed run must carry its output',
    path: ['output'],
  })
  .refine((run) => run.status !== 'failed' || (run.errors !== null && run.errors.length > 0), {
    message: 'A failed run must list at least one error',
    path: ['errors'],
  });
export type IngestionRun = z.infer<typeof ingestionRunSchema>;

export const INGESTION_RUNS_DEFAULT_PAGE_SIZE = 20;
export const INGESTION_RUNS_MAX_PAGE_SIZE = 100;

/**
 * One page of runs, newest first. `page` counts from 1; `size` is the page size asked for,
 * `total` the number of runs over all pages, so there are ceil(total / size) pages.
 */
export const ingestionRunsPageSchema = z
  .object({
    page: positiveIntSchema,
    size: positiveIntSchema.max(INGESTION_RUNS_MAX_PAGE_SIZE, `Must not be above ${INGESTION_RUNS_MAX_PAGE_SIZE}`),
    total: nonNegativeIntSchema,
    runs: z.array(ingestionRunSchema),
  })
  .refine((page) => page.runs.length <= page.size, { message: 'A page must not hold more runs than its size', path: ['runs'] });
export type IngestionRunsPage = z.infer<typeof ingestionRunsPageSchema>;

/** The query of a runs-page request (?page=&size=), strings coerced to numbers. */
export const ingestionRunsQuerySchema = z.object({
  page: z.coerce.number().pipe(positiveIntSchema).default(1),
  size: z.coerce
    .number()
    .pipe(positiveIntSchema.max(INGESTION_RUNS_MAX_PAGE_SIZE, `Must not be above ${INGESTION_RUNS_MAX_PAGE_SIZE}`))
    .default(INGESTION_RUNS_DEFAULT_PAGE_SIZE),
});
export type IngestionRunsQuery = z.infer<typeof ingestionRunsQuerySchema>;
