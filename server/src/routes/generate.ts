import { generateRequestSchema, streamEventSchema } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SettingsRepository } from '../db/repositories/settings-repository';
import type { ModelProvider } from '../inference/model-provider';
import { streamTextAnswer } from '../inference/stream-text-answer';
import { generateMessages } from '../use-cases/generate-prompt';
import { flagGate } from '../use-cases/use-case-flags';
import { errorResponses } from '../http/error-responses';
import { streamResponse } from '../http/declared-responses';

/**
 * POST /api/generate (docs/use-cases.md), behind the flag enableExtensibleGenerate (403 when
 * off): a text from one of the contract's templates (GENERATE_TEMPLATES: e-mail, letter, meeting
 * minutes, job posting) and its form's values, validated against the template's fields (400
 * `validation_failed` with an issue at `body.fields.<name>` per wrong field). The text streams
 * like POST /api/easy-language (inference/stream-text-answer.ts).
 */
export const generateRoutes: FastifyPluginAsyncZod<{ models: ModelProvider; settings: SettingsRepository }> = async (app, { models, settings }) => {
  app.post(
    '/generate',
    { schema: { body: generateRequestSchema, response: { ...streamResponse(streamEventSchema), ...errorResponses(403) } }, config: { modelLimits: true, usageFeature: 'generate' }, preValidation: flagGate(settings, 'enableExtensibleGenerate', 'Generate') },
    async (request, reply) => streamTextAnswer(request, reply, { models, messages: generateMessages(request.body), what: 'Generate' }),
  );
};
