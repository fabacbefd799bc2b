import { apiErrorCodeForStatus, type ApiError } from '@assistant/contracts';
import { ApiRequestError } from '@assistant/platform';

/**
 * A refusal of a browser-kept store (conversations, canvases) with the body the server would
 * answer (apiErrorSchema, with its code), so the screens handle both kinds the same way.
 */
export function localFailure(status: 400 | 404 | 409 | 413, message: string, details: Pick<ApiError, 'code' | 'issues' | 'limit'> = {}): ApiRequestError {
  const error = { 400: 'Bad Request', 404: 'Not Found', 409: 'Conflict', 413: 'Payload Too Large' }[status];
  const body: ApiError = { statusCode: status, error, message, code: details.code ?? apiErrorCodeForStatus(status) };
  if (details.issues) body.issues = details.issues;
  if (details.limit) body.limit = details.limit;
  return new ApiRequestError(`${status} ${error}: ${message}`, { status, body });
}
