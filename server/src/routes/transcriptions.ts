import multipart from '@fastify/multipart';
import {
  TRANSCRIPTION_AUDIO_EXTENSIONS,
  TRANSCRIPTION_AUDIO_MEDIA_TYPES,
  TRANSCRIPTION_FILE_FIELD,
  languageCodeSchema,
  transcriptionAudioTypeNames,
  transcriptionConfigSchema,
  transcriptionSchema,
} from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendError } from '../http/send-error';
import { abortWhenClientLeaves } from '../inference/client-abort';
import { upstreamFailureReply } from '../inference/public-failure';
import { UpstreamError, isAbortError } from '../inference/upstream';
import { oneFileFormLimits, readOneFileForm, sendFieldIssues, sendFormFailure } from '../use-cases/multipart-form';
import { sniffAudioType, type TranscriptionClient } from '../use-cases/transcription-client';

const NO_MODEL = 'Transcription is not available: no transcription model is configured (TRANSCRIPTION_MODEL)';

const transcriptionFieldsSchema = z.strictObject({ language: languageCodeSchema.optional() });

/**
 * Transcribe (docs/use-cases.md):
 *
 * - GET /api/transcriptions/config: whether a transcription model is configured (the portal shows
 *   the entry only then), the largest file in bytes and the accepted types.
 * - POST /api/transcriptions: one audio file (multipart field `file`, optional field `language`
 *   as a hint such as `de`) up to maxAudioFileUploadSizeMB, sent to the OpenAI-compatible
 *   `/audio/transcriptions` endpoint; answers the text with timestamped segments
 *   (transcriptionSchema). Nothing is stored. 413 too large (limit in bytes), 415 not an audio
 *   type of the contract (by content), 400 bad form, 503 no transcription model or endpoint
 *   unreachable, 502 the endpoint failed, 504 no answer within TRANSCRIPTION_TIMEOUT_SECONDS.
 */
export const transcriptionRoutes: FastifyPluginAsyncZod<{ transcription: TranscriptionClient; maxAudioBytes: number }> = async (
  app,
  { transcription, maxAudioBytes },
) => {
  await app.register(multipart, { limits: oneFileFormLimits(maxAudioBytes) });

  app.get('/transcriptions/config', { schema: { response: { 200: transcriptionConfigSchema } } }, async () => ({
    available: transcription.available,
    max_bytes: maxAudioBytes,
    accepted_types: [...TRANSCRIPTION_AUDIO_MEDIA_TYPES],
    accepted_extensions: [...TRANSCRIPTION_AUDIO_EXTENSIONS],
  }));

  app.post('/transcriptions', { schema: { response: { 200: transcriptionSchema } }, config: { modelLimits: true, usageFeature: 'transcription', multipartForm: transcriptionFieldsSchema.extend({ [TRANSCRIPTION_FILE_FIELD]: z.file() }) } }, async (request, reply) => {
    if (!transcription.available) return sendError(reply, 503, NO_MODEL, { code: 'model_unavailable' });
    if (!request.isMultipart()) return sendError(reply, 415, 'Send the audio file as multipart/form-data', { code: 'unsupported_media_type' });
    let form: Awaited<ReturnType<typeof readOneFileForm>>;
    try {
      form = await readOneFileForm(request, { fileField: TRANSCRIPTION_FILE_FIELD, maxBytes: maxAudioBytes });
    } catch (error) {
      return sendFormFailure(reply, error, maxAudioBytes);
    }
    const fields = transcriptionFieldsSchema.safeParse(form.fields);
    if (!fields.success) return sendFieldIssues(reply, fields.error.issues);
    if (!form.file || form.file.bytes.length === 0) {
      return sendError(reply, 400, `Send a non-empty audio file in the form field "${TRANSCRIPTION_FILE_FIELD}"`, { code: 'bad_request' });
    }
    const { name, bytes } = form.file;
    const type = await sniffAudioType(bytes);
    if (!type) {
      return sendError(reply, 415, `"${name}" is not an audio file a transcription takes (${transcriptionAudioTypeNames()})`, { code: 'unsupported_media_type' });
    }

    const client = abortWhenClientLeaves(reply);
    try {
      const result = await transcription.transcribe({ name, type, bytes, language: fields.data.language, signal: client.signal });
      request.log.info({ by: request.principal.sub, bytes: bytes.length, type, seconds: result.duration, segments: result.segments.length }, 'audio transcribed');
      return result;
    } catch (error) {
      if (client.signal.aborted || isAbortError(error)) return sendError(reply, 499, 'The client closed the request');
      if (error instanceof UpstreamError) {
        const failure = upstreamFailureReply(error, 'Transcription', 'the transcription model', { unreachableIs503: true, noModelMessage: NO_MODEL });
        request.log.warn({ reason: failure.reason, status: error.status, code: failure.code }, 'transcription: the endpoint failed');
        return sendError(reply, failure.status, failure.message, { code: failure.code });
      }
      throw error;
    } finally {
      client.dispose();
    }
  });
};
