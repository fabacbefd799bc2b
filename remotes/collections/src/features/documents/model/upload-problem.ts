import { ApiRequestError } from '@assistant/platform';
import type { UploadProblem } from './upload-item';

/** What went wrong with an upload request, for the item's message (413/415 and other 4xx keep the server's text). */
export function uploadProblemFrom(error: unknown): UploadProblem {
  if (error instanceof ApiRequestError) {
    if (error.status === undefined) return { kind: 'network' };
    const message = error.body?.message?.trim();
    if (error.status >= 400 && error.status < 500 && message) return { kind: 'server', status: error.status, message };
    return { kind: 'failed', status: error.status };
  }
  return { kind: 'failed' };
}
