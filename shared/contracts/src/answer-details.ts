import { z } from 'zod';
import { MESSAGES, nonEmptyStringSchema, nonNegativeIntSchema, uuidSchema } from './common';

/**
 * What developer mode shows under an answer (docs/developer-mode.md): the model and its token
 * usage, the timings, the trace, the passages retrieval gave the model with their scores, and each
 * tool call's raw arguments and result. Sent as the `details` stream event before the stream ends
 * and kept with the message (`Message.details`), only for users who may use developer mode.
 * Every field may be missing (an endpoint that reports no usage, tracing off, no retrieval), and
 * fields a newer server adds are kept.
 */

/** A count or a duration in milliseconds (full zod: the fields are optional). */
const countSchema = z.number().int(MESSAGES.wholeNumber).min(0, MESSAGES.belowZero);

/** Longest passage text kept in the details (the model got the whole window). */
export const ANSWER_DETAILS_PASSAGE_MAX_CHARACTERS = 1_000;
/** Longest raw tool result kept in the details (the model's copy is bounded by the tool loop). */
export const ANSWER_DETAILS_TOOL_RESULT_MAX_CHARACTERS = 8_000;

/** A passage given to the model: its source number, document, first page and retrieval score. */
export const answerDetailsPassageSchema = z.looseObject({
  source_index: nonNegativeIntSchema,
  file_name: z.string(),
  page: countSchema.optional(),
  /** The retriever's score (its own scale: fused rank, full-text rank or similarity). */
  score: z.number(),
  /** The passage's text, cut to ANSWER_DETAILS_PASSAGE_MAX_CHARACTERS. */
  text: z.string(),
});
export type AnswerDetailsPassage = z.infer<typeof answerDetailsPassageSchema>;

/** One tool call as the model made it and as it got its result back. */
export const answerDetailsToolCallSchema = z.looseObject({
  call_id: nonEmptyStringSchema,
  name: z.string(),
  /** The arguments exactly as the model streamed them (JSON text, possibly invalid). */
  arguments: z.string(),
  /** The text the model got back, cut to ANSWER_DETAILS_TOOL_RESULT_MAX_CHARACTERS. */
  result: z.string().optional(),
  /** Why the call failed (what the model was told instead of a result). */
  error: z.string().optional(),
});
export type AnswerDetailsToolCall = z.infer<typeof answerDetailsToolCallSchema>;

export const answerDetailsSchema = z.looseObject({
  /** The model asked for; `response_model` is what the endpoint says answered, when it differs. */
  model: z.string().optional(),
  response_model: z.string().optional(),
  /** Tokens in and out, summed over every model call of the answer (tool rounds), as the endpoint reported them. */
  input_tokens: countSchema.optional(),
  output_tokens: countSchema.optional(),
  /** How many times the model was asked (more than one with tool rounds). */
  model_calls: countSchema.optional(),
  /** From the request's arrival at the server to the first piece of the answer (text, reasoning or tool call). */
  time_to_first_token_ms: countSchema.optional(),
  /** From the request's arrival to the answer's end. */
  total_ms: countSchema.optional(),
  /** The OpenTelemetry trace of the request (when tracing is on), and its link in the trace viewer (when configured). */
  trace_id: z.string().optional(),
  trace_url: z.string().optional(),
  /** The server's id of the request (its `x-request-id` header and log field). */
  request_id: z.string().optional(),
  passages: z.array(answerDetailsPassageSchema).optional(),
  tool_calls: z.array(answerDetailsToolCallSchema).optional(),
});
export type AnswerDetails = z.infer<typeof answerDetailsSchema>;

/** The stream event that carries them: after the answer's text, before `done` or `error`. */
export const detailsStreamEventSchema = z.object({
  kind: z.literal('details'),
  message_id: uuidSchema,
  details: answerDetailsSchema,
});
export type DetailsStreamEvent = z.infer<typeof detailsStreamEventSchema>;
