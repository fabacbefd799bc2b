import multipart from '@fastify/multipart';
import {
  SUMMARIZE_FILE_FIELD,
  SUMMARIZE_MAX_CHARACTERS,
  summarizeRequestSchema,
  summaryOptionsSchema,
  type SummaryOptions,
  streamEventSchema,
} from '@assistant/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FilesRepository } from '../db/repositories/files-repository';
import type { SettingsRepository } from '../db/repositories/settings-repository';
import { sendError } from '../http/send-error';
import type { ModelProvider } from '../inference/model-provider';
import { decideMediaType, sniffHead, TextCheck, UnsupportedContentError } from '../ingestion/content-type';
import { DocumentParseError } from '../ingestion/document-model';
import { parseDocument } from '../ingestion/parsers/index';
import { readDocumentText, sendTextTooLong } from '../use-cases/document-text';
import type { ContextSettings } from '../use-cases/long-text/context-budget';
import { streamLongTextAnswer } from '../use-cases/long-text/long-text-answer';
import { oneFileFormLimits, readOneFileForm, sendFieldIssues, sendFormFailure } from '../use-cases/multipart-form';
import { summarizePrompts } from '../use-cases/summarize-prompt';
import { requireFlag } from '../use-cases/use-case-flags';
import { errorResponses } from '../http/error-responses';
import { streamResponse } from '../http/declared-responses';
import { z } from 'zod';

const WHAT = 'Summarize';
const FLAG = 'enableExtensibleSummarize';

const WORK = 'a summary';

/** 413 for a text longer than SUMMARIZE_MAX_CHARACTERS, with the limit in characters. */
function textTooLong(reply: FastifyReply, length: number, what: string) {
  return sendTextTooLong(reply, length, what, SUMMARIZE_MAX_CHARACTERS, WORK);
}

/**
 * Summarize (docs/use-cases.md), behind the flag enableExtensibleSummarize (403 when off):
 *
 * - POST /api/summarize: pasted `text`, or `file_id` of a processed document in a collection the
 *   user may read (its extracted pages; another user's or a missing one is a 404, one not yet
 *   processed a 409).
 * - POST /api/summarize/file: one uploaded file (multipart field `file`, with the fields length,
 *   form, language), read with the ingestion parsers (PDF, DOCX, HTML, Markdown, text) and not
 *   stored: 413 past maxFileUploadSizeMB (limit in bytes), 415 another type, 422 no text in it.
 *
 * Text longer than SUMMARIZE_MAX_CHARACTERS is a 413 with the limit in characters. The summary
 * streams like POST /api/easy-language (inference/stream-text-answer.ts); a text longer than the
 * model's context is summarized in parts whose summaries are merged, with progress lines
 * (use-cases/long-text/long-text-answer.ts).
 */
export const summarizeRoutes: FastifyPluginAsyncZod<{
  models: ModelProvider;
  settings: SettingsRepository;
  files: FilesRepository;
  /** maxFileUploadSizeMB in bytes: the largest file POST /summarize/file reads. */
  maxFileBytes: number;
  /** MODEL_CONTEXT_TOKENS (and per model): when a text is summarized in parts. */
  context: ContextSettings;
  /** MODEL_MAX_TOKENS. */
  maxTokens: number;
}> = async (app, { models, settings, files, maxFileBytes, context, maxTokens }) => {
  await app.register(multipart, { limits: oneFileFormLimits(maxFileBytes) });

  app.post(
    '/summarize',
    {
      schema: { body: summarizeRequestSchema, response: { ...streamResponse(streamEventSchema), ...errorResponses(403, 404, 409, 422) } },
      config: { modelLimits: true, usageFeature: 'summarize' },
      preValidation: async (request, reply) => {
        if (!(await requireFlag(settings, FLAG, WHAT, reply))) return reply;
        const text = (request.body as { text?: unknown } | null | undefined)?.text;
        if (typeof text === 'string' && text.length > SUMMARIZE_MAX_CHARACTERS) return textTooLong(reply, text.length, 'The text');
      },
    },
    async (request, reply) => {
      const { text, file_id: fileId, ...options } = request.body;
      if (text !== undefined) return summarize(request, reply, { text, options });

      const document = await readDocumentText(files, request, reply, { fileId: fileId!, maxCharacters: SUMMARIZE_MAX_CHARACTERS, work: WORK });
      if (!document) return reply;
      return summarize(request, reply, { ...document, options });
    },
  );

  app.post(
    '/summarize/file',
    {
      schema: { response: { ...streamResponse(streamEventSchema), ...errorResponses(403, 422) } },
      config: { modelLimits: true, usageFeature: 'summarize', multipartForm: summaryOptionsSchema.extend({ [SUMMARIZE_FILE_FIELD]: z.file() }) },
    },
    async (request, reply) => {
    if (!(await requireFlag(settings, FLAG, WHAT, reply))) return reply;
    if (!request.isMultipart()) return sendError(reply, 415, 'Send the file as multipart/form-data', { code: 'unsupported_media_type' });
    let form: Awaited<ReturnType<typeof readOneFileForm>>;
    try {
      form = await readOneFileForm(request, { fileField: SUMMARIZE_FILE_FIELD, maxBytes: maxFileBytes });
    } catch (error) {
      return sendFormFailure(reply, error, maxFileBytes);
    }
    const parsedOptions = summaryOptionsSchema.safeParse(form.fields);
    if (!parsedOptions.success) return sendFieldIssues(reply, parsedOptions.error.issues);
    if (!form.file) return sendError(reply, 400, `Send the file in the form field "${SUMMARIZE_FILE_FIELD}"`, { code: 'bad_request' });
    const { name, bytes } = form.file;

    let text: string;
    try {
      const check = new TextCheck();
      check.push(bytes);
      const mediaType = bytes.length === 0 ? undefined : decideMediaType(name, await sniffHead(bytes), check.end());
      if (!mediaType) return sendError(reply, 422, `"${name}" is empty: there is no text to summarize`, { code: 'no_text' });
      const document = await parseDocument(bytes, mediaType);
      text = document.pages.map((page) => page.text).join('\n\n');
    } catch (error) {
      if (error instanceof UnsupportedContentError) return sendError(reply, 415, error.message, { code: 'unsupported_media_type' });
      if (error instanceof DocumentParseError) {
        request.log.info({ dataCode: error.dataCode }, 'summarize: the uploaded file could not be read');
        return sendError(reply, 422, `"${name}" could not be read: ${error.message}`, { code: 'no_text' });
      }
      throw error;
    }
    if (text.length > SUMMARIZE_MAX_CHARACTERS) return textTooLong(reply, text.length, `The text of "${name}"`);
    return summarize(request, reply, { text, title: name, options: parsedOptions.data });
  });

  function summarize(request: FastifyRequest, reply: FastifyReply, input: { text: string; title?: string; options: SummaryOptions }) {
    return streamLongTextAnswer(request, reply, { models, text: input.text, prompts: summarizePrompts(input), context, maxTokens, what: WHAT });
  }
};
