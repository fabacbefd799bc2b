import { z } from 'zod';
import { isoDateTimeSchema, nonEmptyStringSchema, nonNegativeIntSchema, positiveIntSchema, resourceIdSchema } from './common';

/** A stored document of a collection (SPEC section 3 "File record"). */

/** type/subtype with optional parameters, as in a Content-Type header: application/pdf, text/plain; charset=utf-8. */
export const mediaTypeSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*(\s*;.*)?$/,
    'Must be a media type such as application/pdf',
  );

export const fileRecordSchema = z
  .object({
    fileId: resourceIdSchema,
    /** The collection (stage) the file belongs to; /collections/{stageId} lists them. */
    stageId: resourceIdSchema,
    createdAt: isoDateTimeSchema,
    updatedAt: isoDateTimeSchema,
    /** The name the user gave the file; the server stores it under a name of its own (DESIGN section 8). */
    name: nonEmptyStringSchema,
    /** Counts from 1; uploading a file of the same name into the same collection adds a version. */
    version: positiveIntSchema,
    mediaType: mediaTypeSchema,
    /** Bytes. */
    size: nonNegativeIntSchema,
  })
  .refine((file) => Date.parse(file.updatedAt) >= Date.parse(file.createdAt), {
    message: 'updatedAt must not be before createdAt',
    path: ['updatedAt'],
  });
export type FileRecord = z.infer<typeof fileRecordSchema>;
