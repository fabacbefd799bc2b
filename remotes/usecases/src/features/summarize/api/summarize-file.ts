import { STREAM_CONTENT_TYPE, SUMMARIZE_FILE_FIELD, streamEventSchema, type StreamEvent, type SummaryOptions } from '@assistant/contracts';
import { ApiRequestError, RequestAbortedError, apiClients, apiErrorFromText, readJsonLines } from '@assistant/platform';

/**
 * POST /api/summarize/file (multipart: the file and the options beside it): the file is read on
 * the server and not stored; the summary streams as JSON lines. Made with fetch over the platform
 * client's `authorize` (the client's own calls send JSON); a refusal reads like every other call's.
 */
export async function summarizeFile(file: File, options: SummaryOptions, signal: AbortSignal): Promise<AsyncIterable<StreamEvent>> {
  const { url, headers } = await apiClients().api.authorize('summarize/file');
  const form = new FormData();
  form.append(SUMMARIZE_FILE_FIELD, file, file.name);
  form.append('length', options.length);
  form.append('form', options.form);
  form.append('language', options.language);
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: { ...headers, Accept: STREAM_CONTENT_TYPE }, body: form, signal });
  } catch (error) {
    if (signal.aborted) throw new RequestAbortedError('summarize stopped', { cause: error });
    throw new ApiRequestError(`POST ${url}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (!response.ok) throw apiErrorFromText('POST', url, response.status, await response.text(), response.statusText, response.headers.get('retry-after'));
  return readJsonLines(response, streamEventSchema, { signal });
}
