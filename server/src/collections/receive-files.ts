import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import { isImageMediaType, UPLOAD_MAX_FILES_PER_REQUEST, type UploadResponse } from '@assistant/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import type { CollectionsRepository } from '../db/repositories/collections-repository';
import { toFileRecord, type FileRow, type FilesRepository } from '../db/repositories/files-repository';
import { cleanFileName } from '../http/clean-file-name';
import { isMalformedMultipart, MALFORMED_MULTIPART_MESSAGE } from '../http/multipart-errors';
import { sendError } from '../http/send-error';
import { UnsupportedContentError } from '../ingestion/content-type';
import type { FileStorage } from '../ingestion/file-storage';
import { receiveUpload, UploadTooLargeError, uploadLimitsFromConfig, type ReceivedUpload } from '../ingestion/receive-upload';

/** What taking files into a collection needs. */
export interface UploadServices {
  collections: CollectionsRepository;
  files: FilesRepository;
  storage: FileStorage;
  limits: ServerConfig['limits'];
  /** Tells the ingestion runner there is work (it polls anyway). */
  nudge: () => void;
}

/**
 * The multipart parser with the upload limits, in the plugin `app` (encapsulated: each plugin
 * that takes uploads registers it, as a conversation's attachments do).
 */
export async function registerUploadParser(app: FastifyInstance, limits: ServerConfig['limits']): Promise<void> {
  const uploadLimits = uploadLimitsFromConfig(limits);
  await app.register(multipart, {
    limits: {
      fileSize: Math.max(uploadLimits.maxFileBytes, uploadLimits.maxAudioBytes) + 1,
      files: UPLOAD_MAX_FILES_PER_REQUEST,
      fields: 10,
      fieldSize: 1024,
      parts: UPLOAD_MAX_FILES_PER_REQUEST + 10,
    },
  });
}

/**
 * Takes the files of a multipart upload into a collection the caller checked the user may change:
 * stored, recorded with an ingestion run each, answered 201 with uploadResponseSchema, or refused
 * (413, 415, 400) with nothing left on disk. Used by collections (routes/upload.ts) and by a conversation's attachments,
 * which take images too (`images`: docs/chat.md "Images").
 */
export async function receiveFilesInto(
  collectionId: string,
  request: FastifyRequest,
  reply: FastifyReply,
  { collections, files, storage, limits, nudge }: UploadServices,
  { images = false }: { images?: boolean } = {},
): Promise<FastifyReply> {
  const uploadLimits = { ...uploadLimitsFromConfig(limits), images };
  if (!request.isMultipart()) return sendError(reply, 415, 'Send the files as multipart/form-data', { code: 'unsupported_media_type' });

  // Every file of the request is received and checked before any is recorded: one refused
  // file refuses the request, and nothing of it stays on disk.
  const received: ReceivedUpload[] = [];
  try {
    for await (const part of request.files()) {
      received.push(await receiveUpload(storage, cleanFileName(part.filename), part.file, uploadLimits));
    }
  } catch (error) {
    await Promise.all(received.map((file) => storage.discard(file.incomingPath)));
    if (error instanceof UploadTooLargeError) {
      return sendError(reply, 413, error.message, { code: 'payload_too_large', limit: { value: error.limitBytes, unit: 'bytes' } });
    }
    if (error instanceof UnsupportedContentError) return sendError(reply, 415, error.message, { code: 'unsupported_media_type' });
    if (isMalformedMultipart(error)) return sendError(reply, 400, MALFORMED_MULTIPART_MESSAGE, { code: 'malformed_multipart' });
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      return sendError(reply, 413, `A file is larger than the upload limit of ${limits.maxFileUploadSizeMB} MB`, {
        code: 'payload_too_large',
        limit: { value: uploadLimits.maxFileBytes, unit: 'bytes' },
      });
    }
    if (code === 'FST_FILES_LIMIT') {
      return sendError(reply, 413, `Send at most ${UPLOAD_MAX_FILES_PER_REQUEST} files in one upload`, {
        code: 'payload_too_large',
        limit: { value: UPLOAD_MAX_FILES_PER_REQUEST, unit: 'files' },
      });
    }
    throw error;
  }
  if (received.length === 0) return sendError(reply, 400, 'Send one or more files in the multipart form', { code: 'bad_request' });

  const answer: UploadResponse = { files: [] };
  for (const [index, file] of received.entries()) {
    try {
      const { row, runId } = await recordReceivedFile({ files, storage }, collectionId, file, { createdBy: request.principal.sub, dataSource: 'upload' });
      answer.files.push({ ...toFileRecord(row), status: row.status, runId });
    } catch (error) {
      await Promise.all(received.slice(index + 1).map((rest) => storage.discard(rest.incomingPath)));
      throw error;
    }
  }
  await collections.touch(collectionId);
  request.log.info({ by: request.principal.sub, collectionId, files: answer.files.length }, 'files uploaded');
  nudge();
  return reply.code(201).send(answer);
}

/**
 * Moves a received file into place and records it in the collection with its ingestion run (the
 * job is enqueued; the caller nudges the runner). An image has no text to extract: it is recorded
 * processed at once, its run completed, no job. Bytes whose recording fails are removed. Uploads
 * and library syncs (libraries/sync/) take files in through here.
 */
export async function recordReceivedFile(
  { files, storage }: Pick<UploadServices, 'files' | 'storage'>,
  collectionId: string,
  file: ReceivedUpload,
  options: { createdBy: string; dataSource: string; sourceUrl?: string | null },
): Promise<{ row: FileRow; runId: string }> {
  const id = randomUUID();
  const runId = randomUUID();
  try {
    await storage.commit(file.incomingPath, id);
    const row = await files.addWithRun({
      id,
      collectionId,
      name: file.name,
      mediaType: file.mediaType,
      size: file.size,
      storageKey: id,
      createdBy: options.createdBy,
      runId,
      sourceUrl: options.sourceUrl ?? null,
      ready: isImageMediaType(file.mediaType),
      metadata: {
        fileName: file.name,
        name: file.name,
        dataSource: options.dataSource,
        documentType: documentType(file.mediaType),
        type: file.mediaType,
        fileSize: file.size,
        size: file.size,
      },
    });
    return { row, runId };
  } catch (error) {
    await storage.remove(id);
    throw error;
  }
}

function documentType(mediaType: string): string {
  if (mediaType === 'application/pdf') return 'pdf';
  if (mediaType.includes('wordprocessingml')) return 'docx';
  if (mediaType === 'text/html') return 'html';
  if (mediaType === 'text/markdown') return 'markdown';
  if (isImageMediaType(mediaType)) return 'image';
  return 'text';
}
