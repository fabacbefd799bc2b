import { easyLanguageRequestSchema, streamEventSchema } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModelProvider } from '../inference/model-provider';
import { streamTextAnswer } from '../inference/stream-text-answer';
import { easyLanguageMessages } from '../translation/easy-language';
import { limitTextLength } from '../translation/text-limit';
import { streamResponse } from '../http/declared-responses';

/**
 * POST /api/easy-language: rewrites a text in plain language (German "Einfache Sprache", plain
 * English) with the default model, streamed as JSON lines of the stream envelope: stream_text
 * begin, append (one per model chunk), end, then done (inference/stream-text-answer.ts).
 *
 * Before streaming: 400 bad body, 413 too long (payload_too_large with the limit), 503 no model
 * reachable (model_unavailable), 502 the model refused (upstream_failed, its words only in the
 * log), 504 no answer within REQUEST_TIMEOUT_SECONDS (upstream_timeout). Once streaming, a failure is an `error` line
 * (after stream_text end) and the stream ends. The client's disconnect cancels the model call.
 */
export const easyLanguageRoutes: FastifyPluginAsyncZod<{ models: ModelProvider; maxCharacters: number }> = async (
  app,
  { models, maxCharacters },
) => {
  app.post(
    '/easy-language',
    { schema: { body: easyLanguageRequestSchema, response: streamResponse(streamEventSchema) }, config: { modelLimits: true, usageFeature: 'easy_language' }, preValidation: limitTextLength(maxCharacters, 'easy language') },
    async (request, reply) => streamTextAnswer(request, reply, { models, messages: easyLanguageMessages(request.body), what: 'Easy language' }),
  );
};
