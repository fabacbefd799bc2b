import {
  CONVERSATION_ERRORS,
  adminRatingsQuerySchema,
  adminRatingsResponseSchema,
  answerRatingRequestSchema,
  answerRatingSchema,
  answerRatingTargetQuerySchema,
  myAnswerRatingsQuerySchema,
  myAnswerRatingsResponseSchema,
} from '@assistant/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdministrator } from '../auth/auth-hook';
import type { Database } from '../db/database';
import { noContentResponse } from '../http/declared-responses';
import { errorResponses } from '../http/error-responses';
import { sendRefusal, type ContractRefusal } from '../http/send-error';
import { answerRatingStatistics } from '../ratings/answer-rating-statistics';
import type { AnswerRatingsRepository, TargetRefusal } from '../ratings/answer-ratings-repository';

export interface AnswerRatingServices {
  db: Database;
  ratings: AnswerRatingsRepository;
}

const REFUSALS: Record<TargetRefusal | 'noRating', ContractRefusal> = {
  conversationNotFound: CONVERSATION_ERRORS.conversationNotFound,
  answerNotFound: { statusCode: 404, code: 'not_found', message: 'No such answer' },
  noRating: { statusCode: 404, code: 'not_found', message: 'You have not rated this answer' },
};
const refuse = (reply: FastifyReply, refusal: keyof typeof REFUSALS) => sendRefusal(reply, REFUSALS[refusal]);

/**
 * Answer ratings, the spec's feedback call for answers (docs/operations.md "Answer ratings";
 * contract answer-ratings.ts). The user is the token's, never the body's; another user's
 * conversation or answer is a 404, as a missing one.
 *
 * - PUT /feedback/answers: the user's rating of one answer; a second PUT changes it (200 both).
 * - GET /feedback/answers?conversation_id | ?target_kind&target_id: the user's own ratings.
 * - DELETE /feedback/answers?target_kind&target_id (204): takes the user's rating back.
 * - GET /admin/ratings: the statistics, for administrators.
 */
export const answerRatingRoutes: FastifyPluginAsyncZod<AnswerRatingServices> = async (app, { db, ratings }) => {
  app.put(
    '/feedback/answers',
    { schema: { body: answerRatingRequestSchema, response: { 200: answerRatingSchema, ...errorResponses(404) } } },
    async (request, reply) => {
      const rated = await ratings.rate(request.principal.sub, request.body);
      if (typeof rated === 'string') return refuse(reply, rated);
      request.log.info({ targetKind: rated.target_kind, rating: rated.rating }, 'answer rated');
      return rated;
    },
  );

  app.get(
    '/feedback/answers',
    { schema: { querystring: myAnswerRatingsQuerySchema, response: { 200: myAnswerRatingsResponseSchema, ...errorResponses(404) } } },
    async (request, reply) => {
      const { query } = request;
      const found =
        'conversation_id' in query
          ? ((await ratings.inConversation(request.principal.sub, query.conversation_id)) ?? 'conversationNotFound')
          : await ratings.ofTarget(request.principal.sub, { kind: query.target_kind, id: query.target_id });
      if (typeof found === 'string') return refuse(reply, found);
      return { ratings: found };
    },
  );

  app.delete(
    '/feedback/answers',
    { schema: { querystring: answerRatingTargetQuerySchema, response: { ...noContentResponse, ...errorResponses(404) } } },
    async (request, reply) => {
      const removed = await ratings.remove(request.principal.sub, { kind: request.query.target_kind, id: request.query.target_id });
      if (!removed) return refuse(reply, 'noRating');
      return reply.code(204).send();
    },
  );

  app.get(
    '/admin/ratings',
    { onRequest: requireAdministrator, schema: { querystring: adminRatingsQuerySchema, response: { 200: adminRatingsResponseSchema } } },
    async (request) => answerRatingStatistics(db, request.query),
  );
};
