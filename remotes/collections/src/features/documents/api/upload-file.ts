import { uploadResponseSchema, type UploadResponse } from '@assistant/contracts';
import { apiClients, apiErrorFromText, describeIssues, requestTimeoutMs, ApiRequestError, RequestAbortedError, ResponseValidationError } from '@assistant/platform';

export interface UploadProgress {
  /** Bytes sent so far. */
  loaded: number;
  /** Bytes of the whole request (file plus multipart framing). */
  total: number;
}

export interface UploadFileOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/collections/{id}/files with one file as multipart form data. XMLHttpRequest instead of
 * fetch because only it reports upload progress. Failures are the platform's error classes, so
 * they read like every other call's (413 too large, 415 wrong type carry the server's message).
 */
export async function uploadFile(collectionId: string, file: File, options: UploadFileOptions = {}): Promise<UploadResponse['files'][number]> {
  const { signal, onProgress } = options;
  if (signal?.aborted) throw new RequestAbortedError('upload cancelled');
  const { url, headers } = await apiClients().api.authorize(`collections/${encodeURIComponent(collectionId)}/files`);
  const form = new FormData();
  form.append('file', file, file.name);

  const text = await new Promise<string>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.timeout = requestTimeoutMs();
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (action: () => void) => {
      signal?.removeEventListener('abort', onAbort);
      action();
    };
    xhr.onload = () =>
      settle(() =>
        xhr.status >= 200 && xhr.status < 300
          ? resolve(xhr.responseText)
          : reject(apiErrorFromText('POST', url, xhr.status, xhr.responseText, xhr.statusText)),
      );
    xhr.onerror = () => settle(() => reject(new ApiRequestError(`POST ${url}: network error`)));
    xhr.ontimeout = () => settle(() => reject(new ApiRequestError(`timeout of ${xhr.timeout}ms exceeded (POST ${url})`, { timedOut: true })));
    xhr.onabort = () => settle(() => reject(new RequestAbortedError('upload cancelled')));
    xhr.send(form);
  });

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ResponseValidationError('the answer is not JSON (upload)', { cause: error });
  }
  const parsed = uploadResponseSchema.safeParse(json);
  if (!parsed.success) throw new ResponseValidationError(describeIssues(parsed.error), { cause: parsed.error });
  const [record] = parsed.data.files;
  if (!record) throw new ResponseValidationError('files: the upload answer lists no file');
  return record;
}
