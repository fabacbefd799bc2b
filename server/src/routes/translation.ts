import { translateRequestSchema, translateResponseSchema, translationResourcesResponseSchema } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendError } from '../http/send-error';
import { abortWhenClientLeaves } from '../inference/client-abort';
import { upstreamFailureReply } from '../inference/public-failure';
import { UpstreamError } from '../inference/upstream';
import { limitTextLength } from '../translation/text-limit';
import { TranslationRequestError, type TranslationService } from '../translation/translation-service';
import { errorResponses } from '../http/error-responses';

/**
 * GET /api/translation/resources: the engines on offer with their language maps (an empty list
 * when none is configured or reachable). POST /api/translate: a text, sentence by sentence.
 *
 * Answers (with their `code`): 404 not_found unknown engine, 400 unsupported_language a language
 * the engine does not offer (validation_failed: a bad body), 413 payload_too_large text over
 * TRANSLATE_MAX_CHARACTERS (`limit` in characters), 502 upstream_failed the engine failed (its own
 * words only in the log), 504 upstream_timeout it did not answer within REQUEST_TIMEOUT_SECONDS.
 * The client's disconnect cancels the engine call.
 */
export const translationRoutes: FastifyPluginAsyncZod<{ translation: TranslationService; maxCharacters: number }> = async (
  app,
  { translation, maxCharacters },
) => {
  app.get('/translation/resources', { schema: { response: { 200: translationResourcesResponseSchema } } }, async (request) =>
    translation.resources(request.log),
  );

  app.post(
    '/translate',
    {
      schema: { body: translateRequestSchema, response: { 200: translateResponseSchema, ...errorResponses(404) } },
      config: { modelLimits: true, usageFeature: 'translation' },
      preValidation: limitTextLength(maxCharacters, 'one translation'),
    },
    async (request, reply) => {
      const client = abortWhenClientLeaves(reply);
      try {
        return await translation.translate(request.body, client.signal, request.log);
      } catch (error) {
        if (error instanceof TranslationRequestError) return sendError(reply, error.statusCode, error.message, { code: error.code });
        if (client.signal.aborted) {
          request.log.info({ engine: request.body.engine_id }, 'translation cancelled: the client went away');
          return sendError(reply, 499, 'The client closed the request');
        }
        if (error instanceof UpstreamError) {
          const failure = upstreamFailureReply(error, 'Translation', 'the translation engine');
          request.log.warn({ engine: request.body.engine_id, reason: failure.reason, status: error.status, code: failure.code }, 'translation failed');
          return sendError(reply, failure.status, failure.message, { code: failure.code });
        }
        throw error;
      } finally {
        client.dispose();
      }
    },
  );
};
