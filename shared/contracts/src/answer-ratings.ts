import { z } from 'zod';
import { ID_MAX_LENGTH, isoDateTimeSchema, mustBeOneOf, nonEmptyStringSchema } from './common';
import { isoDaySchema, MAX_USAGE_PERIOD_DAYS, usageFeatureSchema } from './usage';

/**
 * Thumbs up or down on an answer, with optional reasons (docs/operations.md "Answer ratings"),
 * sent through the spec's feedback call with `ui_version`:
 *
 * - PUT /api/feedback/answers: the user's rating of one answer (a second PUT changes it);
 *   DELETE /api/feedback/answers?target_kind&target_id takes it back.
 * - GET /api/feedback/answers?conversation_id | target_kind&target_id: the user's own ratings.
 * - GET /api/admin/ratings?from&to&feature&model&agent: the rate of good answers over time and
 *   by model, feature and agent, the reasons, and the comments; an answer's text only when its
 *   user ticked "share this conversation with the administrators".
 */
export const RATING_VALUES = ['up', 'down'] as const;
export type RatingValue = (typeof RATING_VALUES)[number];
export const ratingValueSchema = z.enum(RATING_VALUES, mustBeOneOf(RATING_VALUES));

/** The short list of reasons, by rating. */
export const RATING_REASONS = {
  up: ['correct', 'helpful', 'good_sources', 'well_written'],
  down: ['wrong', 'incomplete', 'bad_sources', 'not_helpful', 'too_long', 'other'],
} as const;
export const ALL_RATING_REASONS = [...new Set([...RATING_REASONS.up, ...RATING_REASONS.down])] as const;
export type RatingReason = (typeof RATING_REASONS)[RatingValue][number];
export const ratingReasonSchema = z.enum(ALL_RATING_REASONS as unknown as [RatingReason, ...RatingReason[]]);

/** What was rated: a chat message (chat and agents), a question-and-answer trace, an app run. */
export const RATED_ANSWER_KINDS = ['chat_message', 'qa_answer', 'app_run'] as const;
export type RatedAnswerKind = (typeof RATED_ANSWER_KINDS)[number];
export const ratedAnswerKindSchema = z.enum(RATED_ANSWER_KINDS, mustBeOneOf(RATED_ANSWER_KINDS));

export const RATING_COMMENT_MAX_LENGTH = 1000;
/** The shared question and answer are cut at this length. */
export const RATING_SHARED_TEXT_MAX_LENGTH = 20_000;

export const answerRatingRequestSchema = z
  .strictObject({
    target_kind: ratedAnswerKindSchema,
    target_id: nonEmptyStringSchema.max(ID_MAX_LENGTH),
    conversation_id: nonEmptyStringSchema.max(ID_MAX_LENGTH).optional(),
    feature: usageFeatureSchema,
    model: nonEmptyStringSchema.max(ID_MAX_LENGTH).optional(),
    agent_id: nonEmptyStringSchema.max(ID_MAX_LENGTH).optional(),
    rating: ratingValueSchema,
    reasons: z.array(ratingReasonSchema).max(ALL_RATING_REASONS.length).default([]),
    comment: z.string().trim().max(RATING_COMMENT_MAX_LENGTH).optional(),
    /** "Share this conversation with the administrators": only then are the texts below kept. */
    share_with_admins: z.boolean().default(false),
    question_text: z.string().max(RATING_SHARED_TEXT_MAX_LENGTH).optional(),
    answer_text: z.string().max(RATING_SHARED_TEXT_MAX_LENGTH).optional(),
    ui_version: z.string().min(1).max(50),
  })
  .refine((body) => body.reasons.every((reason) => (RATING_REASONS[body.rating] as readonly string[]).includes(reason)), {
    message: 'A reason of the other rating',
    path: ['reasons'],
  });
export type AnswerRatingRequest = z.input<typeof answerRatingRequestSchema>;

export const answerRatingSchema = z.object({
  target_kind: ratedAnswerKindSchema,
  target_id: z.string(),
  conversation_id: z.string().nullable(),
  rating: ratingValueSchema,
  reasons: z.array(ratingReasonSchema),
  comment: z.string().nullable(),
  share_with_admins: z.boolean(),
  updated_at: isoDateTimeSchema,
});
export type AnswerRating = z.infer<typeof answerRatingSchema>;

export const answerRatingTargetQuerySchema = z.object({
  target_kind: ratedAnswerKindSchema,
  target_id: nonEmptyStringSchema.max(ID_MAX_LENGTH),
});
export const myAnswerRatingsQuerySchema = z.union([
  z.object({ conversation_id: nonEmptyStringSchema.max(ID_MAX_LENGTH) }),
  answerRatingTargetQuerySchema,
]);
export const myAnswerRatingsResponseSchema = z.object({ ratings: z.array(answerRatingSchema) });

export const adminRatingsQuerySchema = z
  .object({
    from: isoDaySchema,
    to: isoDaySchema,
    feature: usageFeatureSchema.optional(),
    model: nonEmptyStringSchema.max(ID_MAX_LENGTH).optional(),
    agent: nonEmptyStringSchema.max(ID_MAX_LENGTH).optional(),
  })
  .refine((query) => query.from <= query.to, { message: '"from" must not be after "to"', path: ['to'] })
  // Every day of the period is answered: the same bound as the usage statistics.
  .refine((query) => (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < MAX_USAGE_PERIOD_DAYS, {
    message: `At most ${MAX_USAGE_PERIOD_DAYS} days`,
    path: ['from'],
  });
export type AdminRatingsQuery = z.infer<typeof adminRatingsQuerySchema>;

const ratingCountsShape = { up: z.number().int().min(0), down: z.number().int().min(0) };

export const adminRatingsResponseSchema = z.object({
  totals: z.object(ratingCountsShape),
  /** Every day of the period, in order (zeros included). */
  by_day: z.array(z.object({ day: isoDaySchema, ...ratingCountsShape })),
  by_model: z.array(z.object({ model: z.string(), ...ratingCountsShape })),
  by_feature: z.array(z.object({ feature: usageFeatureSchema, ...ratingCountsShape })),
  by_agent: z.array(z.object({ agent_id: z.string(), agent_name: z.string().nullable(), ...ratingCountsShape })),
  reasons: z.array(z.object({ rating: ratingValueSchema, reason: ratingReasonSchema, count: z.number().int().min(0) })),
  /** The latest ratings with a comment or a shared conversation (at most 100). */
  comments: z.array(
    z.object({
      at: isoDateTimeSchema,
      rating: ratingValueSchema,
      reasons: z.array(ratingReasonSchema),
      comment: z.string().nullable(),
      feature: usageFeatureSchema,
      model: z.string().nullable(),
      agent_name: z.string().nullable(),
      /** Only when the user shared the conversation with the administrators. */
      question_text: z.string().nullable(),
      answer_text: z.string().nullable(),
    }),
  ),
});
export type AdminRatingsResponse = z.infer<typeof adminRatingsResponseSchema>;
