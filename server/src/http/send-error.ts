import type { ApiError } from '@assistant/contracts';
import type { FastifyReply } from 'fastify';
import { STATUS_CODES } from 'node:http';

/** Sends the one error body shape of the API (`apiErrorSchema` in the contracts). */
export function sendError(reply: FastifyReply, statusCode: number, message: string, issues?: ApiError['issues']) {
  const body: ApiError = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
  if (issues) body.issues = issues;
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}
