import {
  feedbackCategorySchema,
  feedbackListResponseSchema,
  feedbackReceiptSchema,
  feedbackRequestSchema,
} from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdministrator } from '../auth/auth-hook';
import type { FeedbackRepository } from '../db/repositories/feedback-repository';

/** POST /api/feedback/{category}: any signed-in user; the user id comes from the token, never the body. */
export const feedbackRoutes: FastifyPluginAsyncZod<{ feedback: FeedbackRepository }> = async (app, { feedback }) => {
  app.post(
    '/feedback/:category',
    {
      schema: {
        params: z.object({ category: feedbackCategorySchema }),
        body: feedbackRequestSchema,
        response: { 201: feedbackReceiptSchema },
      },
    },
    async (request, reply) => {
      const receipt = await feedback.add(request.principal.sub, request.params.category, request.body);
      return reply.code(201).send(receipt);
    },
  );

  app.get(
    '/admin/feedback',
    { onRequest: requireAdministrator, schema: { response: { 200: feedbackListResponseSchema } } },
    async () => ({ feedback: await feedback.latest(200) }),
  );
};
