import { z } from 'zod';
import { mustBeOneOf, nonEmptyStringSchema, uuidSchema } from './common';

/**
 * GET /api/qa/upload-config/{userId} (SPEC section 3 "Upload config") and the states a file upload
 * goes through in the browser (SPEC section 4).
 */

/**
 * Where the browser sends a file and asks for its status: an absolute http(s) URL, or a path on
 * the API's own origin starting with "/" (the server does not always know the origin the browser
 * reaches it through, for example behind the host's reverse proxy).
 */
export const endpointUrlSchema = z
  .string()
  .refine(
    (value) => /^\/(?!\/)/.test(value) || (/^https?:\/\//i.test(value) && URL.canParse(value)),
    'Must be an http(s) URL or a path starting with /',
  );

export const connectorContextSchema = z.object({
  namespace: nonEmptyStringSchema,
  collection: nonEmptyStringSchema,
});
export type ConnectorContext = z.infer<typeof connectorContextSchema>;

export const uploadIngestionContextSchema = z.object({
  /** Which ingestion pipeline an upload starts. */
  triggerName: nonEmptyStringSchema,
  /** The repository (collection store) the documents land in. */
  destinationContext: z.object({ repositoryID: uuidSchema }),
  /** The document-library connector the upload comes through; null for a plain upload. */
  connectorContext: connectorContextSchema.nullable(),
});
export type UploadIngestionContext = z.infer<typeof uploadIngestionContextSchema>;

export const uploadConfigSchema = z.object({
  upload_url: endpointUrlSchema,
  /** The status of one upload is at `${status_base_url}/{id}`. */
  status_base_url: endpointUrlSchema,
  upload_ingestion_context: uploadIngestionContextSchema,
});
export type UploadConfig = z.infer<typeof uploadConfigSchema>;

/**
 * Upload states in order of a good run: idle -> uploading -> uploaded -> processing -> processed ->
 * success. uploading-failed and processing-failed say which step broke; error is any other failure.
 */
export const FILE_UPLOAD_STATES = [
  'idle',
  'uploading',
  'uploading-failed',
  'uploaded',
  'processing',
  'processing-failed',
  'processed',
  'error',
  'success',
] as const;
export const fileUploadStateSchema = z.enum(FILE_UPLOAD_STATES, { error: mustBeOneOf(FILE_UPLOAD_STATES) });
export type FileUploadState = z.infer<typeof fileUploadStateSchema>;

/** States after which nothing more happens to an upload. */
export const FINAL_FILE_UPLOAD_STATES: ReadonlyArray<FileUploadState> = [
  'uploading-failed',
  'processing-failed',
  'error',
  'success',
];

export {
  BYTES_PER_MEGABYTE,
  UPLOAD_DOCUMENT_TYPES,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_FILES_PER_REQUEST,
  UPLOAD_MEDIA_TYPES,
  UPLOAD_TYPE_WITHOUT_EXTENSION,
  fileExtension,
  isAcceptedUpload,
  isOverUploadLimit,
  megabytesToBytes,
  uploadMediaTypeOfExtension,
  uploadTypeNames,
  type UploadMediaType,
} from './upload-rules';
