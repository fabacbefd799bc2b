import { z } from 'zod';
import { toolEventSchema, streamTextEventSchema, intentEventSchema } from './chat-events';
import { deepResearchEventSchema } from './deep-research';
import { canvasEditEventSchema } from './canvas';
import { detailsStreamEventSchema } from './answer-details';
import { nonEmptyStringSchema, positiveIntSchema, unknownDiscriminator, uuidSchema } from './common';

/**
 * The one envelope every streamed event travels in (DESIGN section 4; SPEC section 5: streamed
 * responses are JSON lines, each line parsed and validated, bad lines logged and skipped). Used by
 * POST conversations/{id}/messages/v2, POST qa/chat, the easy-language call and POST skills/canvas-edit-agent.
 *
 * One JSON object per line, discriminated by `kind`. The events of chat-events.ts and
 * deep-research.ts travel unchanged under `event`; `message`, `error` and `done` are the envelope's
 * own. A stream ends with exactly one of `done` (success) or `error` (failure); nothing follows it.
 */

export { STREAM_CONTENT_TYPE } from './media-types';

export const STREAM_EVENT_KINDS = ['tool', 'stream_text', 'intent', 'deep_research', 'canvas_edit', 'message', 'progress', 'details', 'error', 'done'] as const;
export type StreamEventKind = (typeof STREAM_EVENT_KINDS)[number];

export const toolStreamEventSchema = z.object({ kind: z.literal('tool'), event: toolEventSchema });
export const streamTextStreamEventSchema = z.object({ kind: z.literal('stream_text'), event: streamTextEventSchema });
export const intentStreamEventSchema = z.object({ kind: z.literal('intent'), event: intentEventSchema });
export const deepResearchStreamEventSchema = z.object({ kind: z.literal('deep_research'), event: deepResearchEventSchema });
/** POST skills/canvas-edit-agent only (canvas.ts). */
export const canvasEditStreamEventSchema = z.object({ kind: z.literal('canvas_edit'), event: canvasEditEventSchema });

/**
 * The ids of the stored messages of this exchange, sent once, as soon as the assistant message is
 * stored (before the first answer text), so the client can stop the answer, fetch its sources and
 * reconcile its optimistic copy. Chat streams only.
 */
export const messageStreamEventSchema = z.object({
  kind: z.literal('message'),
  conversation_id: uuidSchema,
  user_message_id: uuidSchema,
  assistant_message_id: uuidSchema,
  /** Set when the answer is a deep research run. */
  research_id: nonEmptyStringSchema.optional(),
});

/**
 * Work over a text too long for the model's context, done in parts (summarize, a custom app run
 * over a document): `part` while part `current` of `total` is read, `combine` while the parts'
 * results are merged (`total` above 1: merged in groups, group `current` of `total`, because
 * they did not fit one call). Sent before each model call, so `current` only counts up within a
 * stage; the answer's text follows as a stream_text.
 */
export const PROGRESS_STAGES = ['part', 'combine'] as const;
export type ProgressStage = (typeof PROGRESS_STAGES)[number];

export const progressStreamEventSchema = z
  .object({
    kind: z.literal('progress'),
    stage: z.enum(PROGRESS_STAGES),
    current: positiveIntSchema,
    total: positiveIntSchema,
  })
  .refine((event) => event.current <= event.total, { message: 'Must not be above total', path: ['current'] });
export type ProgressStreamEvent = z.infer<typeof progressStreamEventSchema>;

/**
 * Codes the server uses in `error` events. The client treats an unknown code like "internal", so
 * the schema accepts any non-empty code and a newer server does not have its errors dropped.
 */
export const STREAM_ERROR_CODES = {
  model_unavailable: 'No language model is reachable',
  upstream_failed: 'The model or tool service failed',
  timeout: 'The answer took longer than the request timeout',
  rate_limited: 'Too many requests; try again later',
  budget_exhausted: 'Your monthly budget for the assistant is used up',
  input_too_long: 'The input is longer than the model accepts',
  answer_too_long: 'The answer was longer than the server keeps and was cut off',
  edit_outside_range: 'The model changed text outside the selection, so nothing was changed',
  internal: 'Unexpected server error',
} as const;
export type StreamErrorCode = keyof typeof STREAM_ERROR_CODES;

/** The stream failed; `message` is readable English for the user and holds no internals. */
export const errorStreamEventSchema = z.object({
  kind: z.literal('error'),
  message: z.string().min(1, 'Must not be empty'),
  code: nonEmptyStringSchema,
});

/** The answer is complete; the last line of a successful stream. */
export const doneStreamEventSchema = z.object({ kind: z.literal('done') });

export const streamEventSchema = z.discriminatedUnion(
  'kind',
  [
    toolStreamEventSchema,
    streamTextStreamEventSchema,
    intentStreamEventSchema,
    deepResearchStreamEventSchema,
    canvasEditStreamEventSchema,
    messageStreamEventSchema,
    progressStreamEventSchema,
    // Developer mode's details of the answer (answer-details.ts); only to users who may have them.
    detailsStreamEventSchema,
    errorStreamEventSchema,
    doneStreamEventSchema,
  ],
  unknownDiscriminator(STREAM_EVENT_KINDS),
);
export type StreamEvent = z.infer<typeof streamEventSchema>;
