import { z } from 'zod';
import { nonEmptyStringSchema, nonNegativeIntSchema, positiveIntSchema, unknownDiscriminator } from './common';

/**
 * Events of a streamed chat answer (SPEC section 3 "Streaming chat events"). Each travels in the
 * stream envelope (stream-envelope.ts), one JSON line each.
 */

// ---- Tool calls ----------------------------------------------------------------------------

/** What is known about a document a tool returned; any field may be missing. */
export const documentMetadataSchema = z.object({
  fileName: z.string().optional(),
  title: z.string().optional(),
  author: z.string().optional(),
  totalPages: positiveIntSchema.optional(),
});
export type DocumentMetadata = z.infer<typeof documentMetadataSchema>;

/**
 * A document (or part of one) a tool found. `uri` names it for the server (not necessarily a web
 * address, so it is never rendered as a link); `source_index` numbers the sources of one answer
 * from 0 and is what in-context sources refer to.
 */
export const toolResourceContentSchema = z.object({
  type: z.literal('resource'),
  resource: z.object({
    uri: nonEmptyStringSchema,
    mimeType: z.string(),
    metadata: documentMetadataSchema,
  }),
  source_index: nonNegativeIntSchema,
});

export const toolTextContentSchema = z.object({
  type: z.literal('text'),
  text: z.string(),
  source_index: nonNegativeIntSchema,
});

export const toolContentSchema = z.discriminatedUnion(
  'type',
  [toolResourceContentSchema, toolTextContentSchema],
  unknownDiscriminator(['resource', 'text']),
);
export type ToolContent = z.infer<typeof toolContentSchema>;

const toolEventBase = {
  /** Ties begin, end and error of one call together. */
  call_id: nonEmptyStringSchema,
  /** The tool's name, such as "search_collections". */
  name: nonEmptyStringSchema,
};

/** The call starts; `args` are the arguments it was called with (e.g. the search query), shown in its step. */
export const toolBeginEventSchema = z.object({ ...toolEventBase, type: z.literal('begin'), args: z.record(z.string(), z.unknown()).optional() });
/** The call's result: a list of content parts, possibly empty (the tool found nothing). */
export const toolEndEventSchema = z.object({ ...toolEventBase, type: z.literal('end'), content: z.array(toolContentSchema) });
/** The call failed; `message` is shown to the user, so it holds no internals. */
export const toolErrorEventSchema = z.object({ ...toolEventBase, type: z.literal('error'), message: z.string() });

export const toolEventSchema = z.discriminatedUnion(
  'type',
  [toolBeginEventSchema, toolEndEventSchema, toolErrorEventSchema],
  unknownDiscriminator(['begin', 'end', 'error']),
);
export type ToolEvent = z.infer<typeof toolEventSchema>;

// ---- Streamed text -------------------------------------------------------------------------

export const STREAM_TEXT_EVENT_TYPES = ['begin', 'append', 'end'] as const;

/**
 * Which part of the message a text stream writes: the answer itself, or the model's reasoning
 * (shown folded when the user asked to see it, `think`).
 */
export const streamChannelSchema = z.enum(['answer', 'reasoning']);
export type StreamChannel = z.infer<typeof streamChannelSchema>;

/** A text stream opens; absent `channel` means "answer". */
export const streamTextBeginEventSchema = z.object({
  stream_id: nonEmptyStringSchema,
  type: z.literal('begin'),
  channel: streamChannelSchema.optional(),
});
/** The next piece of the text: append `delta` to what the stream wrote so far. */
export const streamTextAppendEventSchema = z.object({
  stream_id: nonEmptyStringSchema,
  type: z.literal('append'),
  delta: z.string(),
});
export const streamTextEndEventSchema = z.object({ stream_id: nonEmptyStringSchema, type: z.literal('end') });

export const streamTextEventSchema = z.discriminatedUnion(
  'type',
  [streamTextBeginEventSchema, streamTextAppendEventSchema, streamTextEndEventSchema],
  unknownDiscriminator(STREAM_TEXT_EVENT_TYPES),
);
export type StreamTextEvent = z.infer<typeof streamTextEventSchema>;

// ---- Intent --------------------------------------------------------------------------------

/** How the assistant read the user's message; several flags may be true at once. */
export const intentResponseSchema = z.object({
  greeting: z.boolean(),
  chitchat: z.boolean(),
  question: z.boolean(),
  clarification: z.boolean(),
  unclear: z.boolean(),
  summary: z.boolean(),
});
export type IntentResponse = z.infer<typeof intentResponseSchema>;

/**
 * The answer's frame: `trace_id` is what sources are requested with; `answer` or `reply` carries a
 * short direct reply (for example to a greeting). Other fields the backend adds are kept.
 */
export const intentPayloadSchema = z.looseObject({
  trace_id: nonEmptyStringSchema,
  answer: z.string().optional(),
  reply: z.string().optional(),
});
export type IntentPayload = z.infer<typeof intentPayloadSchema>;

export const intentEventSchema = z.object({
  payload: intentPayloadSchema,
  intent_response: intentResponseSchema,
});
export type IntentEvent = z.infer<typeof intentEventSchema>;
