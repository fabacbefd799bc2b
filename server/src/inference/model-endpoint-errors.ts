import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { AnswerTooLongError, UpstreamError, UpstreamTimeoutError, UpstreamUnreachableError, excerpt, isAbortError } from './upstream';

/** The model endpoint as its failures name it (to the operator; users get public-failure.ts's words). */
export const MODEL_ENDPOINT = 'The model endpoint';

/** Causes of a connection that was open and then cut. */
const CUT_CONNECTION = /UND_ERR_SOCKET|ECONNRESET|EPIPE|terminated|other side closed/i;

/**
 * A failed call of the model endpoint (or the endpoints beside it: embeddings, transcription), by
 * fetch or through the openai SDK, in the words of upstream.ts: an HTTP error with the endpoint's
 * own message, unreachable, broken off, timeout, AnswerTooLongError. An abort stays an abort, and
 * anything else (a fault of ours) is left as it is.
 */
export function modelEndpointError(error: unknown): unknown {
  if (error instanceof UpstreamError || isAbortError(error)) return error;
  // The bounded fetch's refusal, wrapped by the SDK as a connection error or by a stream's reader.
  const tooLong = causeOfType(error, AnswerTooLongError);
  if (tooLong) return tooLong;
  if (error instanceof APIConnectionTimeoutError) return new UpstreamTimeoutError(MODEL_ENDPOINT, 0);
  if (error instanceof APIConnectionError || isFetchFailure(error)) {
    // A connection that was open and then cut is a failure of the answer, not an absent model.
    return causeChain(error).some((cause) => CUT_CONNECTION.test(`${cause.code ?? ''} ${cause.message}`))
      ? brokenOff()
      : new UpstreamUnreachableError(MODEL_ENDPOINT);
  }
  if (error instanceof APIError) {
    const body = error.error as { message?: unknown } | undefined;
    const message = typeof body?.message === 'string' ? body.message : undefined;
    // Without a status: an error event inside a stream, the model failed mid-answer.
    return error.status === undefined ? failedWhileAnswering(message) : httpFailure(error.status, message);
  }
  if (error instanceof Error && /terminated|socket|ECONNRESET|premature/i.test(`${error.message} ${String(error.cause)}`)) return brokenOff();
  return error;
}

/** An HTTP error answer: its status and the endpoint's own message, if it gave one. */
export function httpFailure(status: number, message: string | undefined): UpstreamError {
  const detail = message ? excerpt(message) : '';
  return new UpstreamError(MODEL_ENDPOINT, `${MODEL_ENDPOINT} answered HTTP ${status}${detail ? `: ${detail}` : ''}`, status);
}

/** The endpoint reported an error while it streamed its answer. */
export function failedWhileAnswering(message: string | undefined): UpstreamError {
  const detail = message ? excerpt(message) : '';
  return new UpstreamError(MODEL_ENDPOINT, `${MODEL_ENDPOINT} failed while answering${detail ? `: ${detail}` : ''}`);
}

/** The message of an error answer's body: `error.message`, `error` as a string, or `message` (as the SDK reads it, and then some). */
export function errorBodyMessage(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const candidate = typeof body.error === 'object' && body.error ? body.error.message : typeof body.error === 'string' ? body.error : body.message;
    return typeof candidate === 'string' ? candidate : undefined;
  } catch {
    return undefined;
  }
}

function brokenOff(): UpstreamError {
  return new UpstreamError(MODEL_ENDPOINT, `${MODEL_ENDPOINT} broke off its answer`);
}

/** How fetch (undici) fails: `fetch failed` (no connection, or cut before the answer) and `terminated` (cut while reading it). */
function isFetchFailure(error: unknown): error is TypeError {
  return error instanceof TypeError && /fetch failed|terminated/i.test(error.message);
}

function causeOfType<T extends Error>(error: unknown, type: new (...args: never[]) => T): T | undefined {
  let cause: unknown = error;
  for (let depth = 0; depth < 5 && cause instanceof Error; depth++) {
    if (cause instanceof type) return cause;
    cause = cause.cause;
  }
  return undefined;
}

/** The error and its causes, at most six deep. */
function causeChain(error: Error): Array<{ code?: string; message: string }> {
  const chain: Array<{ code?: string; message: string }> = [];
  let cause: unknown = error;
  while (cause instanceof Error && chain.length < 6) {
    chain.push({ code: (cause as { code?: string }).code, message: cause.message });
    cause = cause.cause;
  }
  return chain;
}
