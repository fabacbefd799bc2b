import { apiErrorCodeOf, BYTES_PER_MEGABYTE } from '@assistant/contracts';
import { ApiRequestError } from '@assistant/platform';
import type { UploadProblem } from './upload-item';

/**
 * What went wrong with an upload request, for the item's message: a 413 with its byte limit
 * (the error body's `code` and `limit`) in the interface language, other 4xx with the server's
 * text (a 415 names the file and what its content is).
 */
export function uploadProblemFrom(error: unknown): UploadProblem {
  if (error instanceof ApiRequestError) {
    if (error.status === undefined) return { kind: 'network' };
    const limit = error.body?.limit;
    if (apiErrorCodeOf(error.status, error.body) === 'payload_too_large' && limit?.unit === 'bytes') {
      return { kind: 'too-large', maxMB: Math.round((limit.value / BYTES_PER_MEGABYTE) * 100) / 100 };
    }
    const message = error.body?.message?.trim();
    if (error.status >= 400 && error.status < 500 && message) return { kind: 'server', status: error.status, message };
    return { kind: 'failed', status: error.status };
  }
  return { kind: 'failed' };
}
