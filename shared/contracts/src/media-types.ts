/** The Content-Type of a streamed answer (stream-envelope.ts); here without zod for the API clients. */
export const STREAM_CONTENT_TYPE = 'application/x-ndjson';
