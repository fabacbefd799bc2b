import { apiErrorCodeForStatus, type ApiError, type ApiErrorCode, type ApiErrorLimit } from '@assistant/contracts';
import type { FastifyReply } from 'fastify';
import { STATUS_CODES } from 'node:http';

/** What an error answer carries besides its status and message (apiErrorSchema). */
export interface ErrorDetails {
  /** A code more specific than the status's default (apiErrorCodeForStatus). */
  code?: ApiErrorCode;
  /** zod issues of a refused request (400 validation_failed). */
  issues?: ApiError['issues'];
  /** With a 413: the limit that was exceeded. */
  limit?: ApiErrorLimit;
  /** With a 429: seconds until a new try may succeed. */
  retryAfterSeconds?: number;
  /** With `budget_exhausted`: when the monthly budget starts again. */
  resetsAt?: Date;
}

/** The one error body shape of the API (`apiErrorSchema`): always with a `code`. */
export function errorBody(statusCode: number, message: string, details: ErrorDetails = {}): ApiError {
  const body: ApiError = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, code: details.code ?? apiErrorCodeForStatus(statusCode) };
  if (details.issues) body.issues = details.issues;
  if (details.limit) body.limit = details.limit;
  if (details.retryAfterSeconds !== undefined) body.retry_after_seconds = details.retryAfterSeconds;
  if (details.resetsAt) body.resets_at = details.resetsAt.toISOString();
  return body;
}

/**
 * A refusal the contract names with its status, code and message
 * (`CONVERSATION_ERRORS.conversationNotFound`, `AGENT_ERRORS.notEditable`, ...).
 */
export interface ContractRefusal {
  statusCode: number;
  code: ApiErrorCode;
  message: string;
}

/** Sends one of the contract's named refusals, exactly as the contract states it. */
export function sendRefusal(reply: FastifyReply, { statusCode, code, message }: ContractRefusal) {
  return sendError(reply, statusCode, message, { code });
}

/** Sends the API's error body; the code defaults to the status's (apiErrorCodeForStatus). */
export function sendError(reply: FastifyReply, statusCode: number, message: string, details?: ErrorDetails) {
  return reply.code(statusCode).type('application/json; charset=utf-8').send(errorBody(statusCode, message, details));
}
