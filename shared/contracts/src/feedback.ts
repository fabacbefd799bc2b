import { z } from 'zod';
import { emailSchema, isoDateTimeSchema } from './common';

export const FEEDBACK_MESSAGE_MAX_LENGTH = 5000;
export const FEEDBACK_CATEGORIES = ['accessibility', 'general'] as const;

/**
 * POST /api/feedback/{category}: the spec's feedback body plus `ui_version` (SPEC section 7, "a
 * caller-supplied feedback path"). The accessibility statement's form sends category accessibility.
 */
export const feedbackRequestSchema = z.strictObject({
  message: z
    .string()
    .trim()
    .min(1, 'Please describe the problem')
    .max(FEEDBACK_MESSAGE_MAX_LENGTH, `Must not be longer than ${FEEDBACK_MESSAGE_MAX_LENGTH} characters`),
  /** Where the problem was seen (path inside the portal). */
  page: z.string().max(500).optional(),
  /** Optional reply address; the signed-in user's id is recorded anyway. */
  contact_email: z.optional(emailSchema),
  ui_version: z.string().min(1).max(50),
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

export const feedbackCategorySchema = z.enum(FEEDBACK_CATEGORIES);
export type FeedbackCategory = z.infer<typeof feedbackCategorySchema>;

export const feedbackReceiptSchema = z.object({ id: z.uuid(), created_at: isoDateTimeSchema });
export type FeedbackReceipt = z.infer<typeof feedbackReceiptSchema>;

/** GET /api/admin/feedback: what administrators read. */
export const feedbackEntrySchema = feedbackRequestSchema.extend({
  id: z.uuid(),
  category: feedbackCategorySchema,
  user_id: z.string(),
  created_at: isoDateTimeSchema,
});
export const feedbackListResponseSchema = z.object({ feedback: z.array(feedbackEntrySchema) });
export type FeedbackEntry = z.infer<typeof feedbackEntrySchema>;
