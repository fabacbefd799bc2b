import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  UPLOAD_MAX_FILES_PER_REQUEST,
  collectionIdParamsSchema,
  ingestionRunSchema,
  ingestionRunsFilterSchema,
  ingestionRunsPageSchema,
  ingestionRunsQuerySchema,
  uploadConfigSchema,
  uploadResponseSchema,
  type UploadResponse,
} from '@assistant/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerConfig } from '../config';
import type { CollectionsRepository } from '../db/repositories/collections-repository';
import { toFileRecord, type FilesRepository } from '../db/repositories/files-repository';
import type { IngestionRunsRepository } from '../db/repositories/ingestion-runs-repository';
import { isMalformedMultipart, MALFORMED_MULTIPART_MESSAGE } from '../http/multipart-errors';
import { sendError } from '../http/send-error';
import { UnsupportedContentError } from '../ingestion/content-type';
import type { FileStorage } from '../ingestion/file-storage';
import { receiveUpload, UploadTooLargeError, uploadLimitsFromConfig, type ReceivedUpload } from '../ingestion/receive-upload';
import { collectionFor, NOT_FOUND_COLLECTION, viewerOf } from './collections';

export const UPLOAD_TRIGGER_NAME = 'document-upload';
export const STATUS_BASE_URL = '/api/ingestion/runs';

export interface UploadServices {
  collections: CollectionsRepository;
  files: FilesRepository;
  runs: IngestionRunsRepository;
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
 * (413, 415, 400) with nothing left on disk. Used by collections and by a conversation's attachments.
 */
export async function receiveFilesInto(
  collectionId: string,
  request: FastifyRequest,
  reply: FastifyReply,
  { collections, files, storage, limits, nudge }: Pick<UploadServices, 'collections' | 'files' | 'storage' | 'limits' | 'nudge'>,
): Promise<FastifyReply> {
  const uploadLimits = uploadLimitsFromConfig(limits);
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
        createdBy: request.principal.sub,
        runId,
        metadata: {
          fileName: file.name,
          name: file.name,
          dataSource: 'upload',
          documentType: documentType(file.mediaType),
          type: file.mediaType,
          fileSize: file.size,
          size: file.size,
        },
      });
      answer.files.push({ ...toFileRecord(row), status: row.status, runId });
    } catch (error) {
      await storage.remove(id);
      await Promise.all(received.slice(index + 1).map((rest) => storage.discard(rest.incomingPath)));
      throw error;
    }
  }
  await collections.touch(collectionId);
  request.log.info({ by: request.principal.sub, collectionId, files: answer.files.length }, 'files uploaded');
  nudge();
  return reply.code(201).send(answer);
}

/** The upload config, the upload itself, and the ingestion runs it starts. */
export const uploadRoutes: FastifyPluginAsyncZod<UploadServices> = async (app, { collections, files, runs, storage, limits, nudge }) => {
  await registerUploadParser(app, limits);

  app.get(
    '/qa/upload-config/:userId',
    { schema: { params: z.object({ userId: z.string() }), response: { 200: uploadConfigSchema } } },
    async (request, reply) => {
      // Only the signed-in user's own config exists for them.
      if (request.params.userId !== request.principal.sub) return sendError(reply, 404, 'No upload config for this user');
      const id = await collections.ensureDefaultPersonal(request.principal.sub);
      return {
        upload_url: `/api/collections/${id}/files`,
        status_base_url: STATUS_BASE_URL,
        upload_ingestion_context: { triggerName: UPLOAD_TRIGGER_NAME, destinationContext: { repositoryID: id }, connectorContext: null },
      };
    },
  );

  app.post(
    '/collections/:id/files',
    { schema: { params: collectionIdParamsSchema, response: { 201: uploadResponseSchema } }, config: { pendingJobsLimit: true } },
    async (request, reply) => {
      const collection = await collectionFor(collections, request, reply, request.params.id, 'manage');
      if (!collection) return reply;
      return receiveFilesInto(collection.id, request, reply, { collections, files, storage, limits, nudge });
    },
  );

  app.get(
    '/ingestion/runs',
    {
      schema: {
        querystring: ingestionRunsQuerySchema.extend(ingestionRunsFilterSchema.shape),
        response: { 200: ingestionRunsPageSchema },
      },
    },
    async (request, reply) => {
      const { page, size, collection_id } = request.query;
      const viewer = viewerOf(request);
      if (collection_id && !(await collections.findVisible(collection_id, viewer))) return sendError(reply, 404, NOT_FOUND_COLLECTION);
      return runs.page(viewer, { page, size, collectionId: collection_id });
    },
  );

  app.get(
    '/ingestion/runs/:id',
    { schema: { params: collectionIdParamsSchema, response: { 200: ingestionRunSchema } } },
    async (request, reply) => {
      const run = await runs.findVisible(request.params.id, viewerOf(request));
      return run ?? sendError(reply, 404, 'No such ingestion run');
    },
  );
};

/**
 * Bidirectional controls (U+061C, U+200E/F, U+202A-E, U+2066-9): in a name they reorder what a
 * person reads ("invoice\u202Efdp.exe" shows as "invoiceexe.pdf"), and a file name needs none.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The client's name as a label only (never a path on disk): last path segment, no control
 * characters, no bidirectional controls.
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').replace(BIDI_CONTROLS, '').trim().slice(0, 255);
  return clean.length > 0 ? clean : 'unnamed';
}

function documentType(mediaType: string): string {
  if (mediaType === 'application/pdf') return 'pdf';
  if (mediaType.includes('wordprocessingml')) return 'docx';
  if (mediaType === 'text/html') return 'html';
  if (mediaType === 'text/markdown') return 'markdown';
  return 'text';
}
