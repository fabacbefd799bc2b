import { STREAM_CONTENT_TYPE } from '@assistant/contracts';
import { Readable } from 'node:stream';
import { z } from 'zod';

/**
 * A 204 answer: no body. `type: 'null'` is how @fastify/swagger knows there is no content; typed as
 * undefined, so a handler's `reply.code(204).send()` takes no argument.
 */
export const noContentResponse = { 204: z.null().describe('No Content') as unknown as z.ZodType<undefined> };

/**
 * A 200 answer streamed as JSON lines (STREAM_CONTENT_TYPE), each line one `event`; declared per
 * content type, so Fastify serializes nothing (the body is a stream) and the OpenAPI document
 * shows the event schema.
 */
export function streamResponse(event: z.core.$ZodType) {
  // The handler sends a stream or the lines as text, never an event object: typed as unknown.
  return { 200: { description: 'JSON lines, one event a line', content: { [STREAM_CONTENT_TYPE]: { schema: event as z.ZodType<unknown> } } } };
}

/** A stored file's own bytes, with its own media type (a stream: nothing is serialized). */
export const fileContentResponse = {
  200: { description: "The file's bytes, with its media type", content: { '*/*': { schema: z.instanceof(Readable).meta({ type: 'string', format: 'binary' }) } } },
};
