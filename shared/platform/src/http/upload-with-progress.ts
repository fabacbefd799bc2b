import { REQUEST_ID_HEADER } from '@assistant/contracts/startup';
import type { z } from 'zod';
import { requestTimeoutMs } from '../stores/config-store';
import { apiClients } from './api-clients';
import { ApiRequestError, RequestAbortedError, ResponseValidationError } from './errors';
import { apiErrorFromText, describeIssues, type HttpClient } from './http-client';

export interface UploadProgress {
  /** Bytes sent so far. */
  loaded: number;
  /** Bytes of the whole request (file plus multipart framing). */
  total: number;
}

export interface UploadWithProgressOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** The multipart field the file goes in; default `file`. */
  field?: string;
  /** The client whose base path, token and headers the call uses; default the platform's `/api` client. */
  client?: HttpClient;
}

/**
 * POST `path` with one file as multipart form data, reporting upload progress, and the JSON
 * answer checked with `schema`. XMLHttpRequest instead of fetch because only it reports upload
 * progress. Failures are the platform's error classes, so they read like every other call's
 * (a 413 or 415 carries the server's body and message; an abort is RequestAbortedError; the
 * timeout is the configured request timeout).
 */
export async function uploadWithProgress<S extends z.ZodType>(
  path: string,
  file: File,
  schema: S,
  options: UploadWithProgressOptions = {},
): Promise<z.output<S>> {
  const { signal, onProgress, field = 'file' } = options;
  if (signal?.aborted) throw new RequestAbortedError('upload cancelled');
  const { url, headers } = await (options.client ?? apiClients().api).authorize(path);
  const form = new FormData();
  form.append(field, file, file.name);

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
          : reject(apiErrorFromText('POST', url, xhr.status, xhr.responseText, xhr.statusText, null, xhr.getResponseHeader(REQUEST_ID_HEADER))),
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
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ResponseValidationError(describeIssues(parsed.error), { cause: parsed.error });
  return parsed.data;
}
