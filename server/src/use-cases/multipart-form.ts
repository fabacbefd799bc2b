import { validationFailure } from '@assistant/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cleanFileName } from '../http/clean-file-name';
import { isMalformedMultipart, MALFORMED_MULTIPART_MESSAGE } from '../http/multipart-errors';
import { sendError } from '../http/send-error';
import { formatMegabytes } from '../ingestion/receive-upload';

/** A file of a form read into memory (a use case reads it and keeps nothing). */
export interface FormFile {
  /** The client's name, cleaned (a label only). */
  name: string;
  bytes: Buffer;
}

export class FormFileTooLargeError extends Error {
  constructor(
    readonly fileName: string,
    readonly limitBytes: number,
  ) {
    super(`"${fileName}" is larger than the limit of ${formatMegabytes(limitBytes)}`);
    this.name = 'FormFileTooLargeError';
  }
}

/** A form that is not what the route takes (a second file, a file under another name). */
export class FormShapeError extends Error {}

/** Limits for @fastify/multipart in a plugin that reads one file of at most `maxBytes` and a few short fields. */
export function oneFileFormLimits(maxBytes: number) {
  return { fileSize: maxBytes + 1, files: 1, fields: 8, fieldSize: 1024, parts: 10 };
}

/**
 * Reads a multipart form with one file under `fileField` (into memory, counting: past `maxBytes`
 * it stops with FormFileTooLargeError) and short text fields. The caller registered
 * @fastify/multipart with oneFileFormLimits. The file is undefined when the form has none.
 */
export async function readOneFileForm(
  request: FastifyRequest,
  { fileField, maxBytes }: { fileField: string; maxBytes: number },
): Promise<{ file: FormFile | undefined; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  let file: FormFile | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== fileField || file) {
      part.file.resume();
      throw new FormShapeError(`Send one file in the form field "${fileField}"`);
    }
    const name = cleanFileName(part.filename);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw new FormFileTooLargeError(name, maxBytes);
      chunks.push(chunk);
    }
    if ((part.file as { truncated?: boolean }).truncated) throw new FormFileTooLargeError(name, maxBytes);
    file = { name, bytes: Buffer.concat(chunks, size) };
  }
  return { file, fields };
}

/**
 * Answers a failure of readOneFileForm: 413 `payload_too_large` with the limit in bytes, 400
 * `malformed_multipart` or `bad_request`. Anything else is rethrown.
 */
export function sendFormFailure(reply: FastifyReply, error: unknown, maxBytes: number) {
  if (error instanceof FormFileTooLargeError) {
    return sendError(reply, 413, error.message, { code: 'payload_too_large', limit: { value: error.limitBytes, unit: 'bytes' } });
  }
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return sendError(reply, 413, `The file is larger than the limit of ${formatMegabytes(maxBytes)}`, {
      code: 'payload_too_large',
      limit: { value: maxBytes, unit: 'bytes' },
    });
  }
  if (error instanceof FormShapeError) return sendError(reply, 400, error.message, { code: 'bad_request' });
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return sendError(reply, 400, 'The form has more parts than this call takes (one file and a few fields)', { code: 'bad_request' });
  }
  if (isMalformedMultipart(error)) return sendError(reply, 400, MALFORMED_MULTIPART_MESSAGE, { code: 'malformed_multipart' });
  throw error;
}

/** 400 `validation_failed` for a form's fields refused by their zod schema (issues at `body.<field>`). */
export function sendFieldIssues(reply: FastifyReply, issues: ReadonlyArray<{ path: PropertyKey[]; message: string; code?: string }>) {
  const failure = validationFailure(
    'body',
    issues.map((issue) => ({ path: issue.path.map((key) => (typeof key === 'number' ? key : String(key))), message: issue.message, code: issue.code })),
  );
  return sendError(reply, 400, failure.message, { code: failure.code, issues: failure.issues });
}
