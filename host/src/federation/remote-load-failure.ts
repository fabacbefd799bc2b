// What a failed remote load turns into. Kept free of React and of the federation runtime: the error
// plugin (bundled into the host's entry, before any shared module) builds these values.

const FAILURE_MARK = '__assistantRemoteLoadFailure';

/** The fallback `default` export the error plugin hands back instead of a crashed load. */
export interface RemoteLoadFailure {
  readonly [FAILURE_MARK]: true;
  /** Federation name of the remote. */
  readonly remote: string;
  /** The request that failed (`chat/module`). */
  readonly request: string;
  readonly error: unknown;
}

export function createRemoteLoadFailure(remote: string, request: string, error: unknown): RemoteLoadFailure {
  return { [FAILURE_MARK]: true, remote, request, error };
}

export function isRemoteLoadFailure(value: unknown): value is RemoteLoadFailure {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>)[FAILURE_MARK] === true;
}

/** Thrown into the remote's error boundary; `cause` is the original failure. */
export class RemoteLoadError extends Error {
  constructor(
    readonly remote: string,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`Remote "${remote}" could not be loaded: ${detail}`, options);
    this.name = 'RemoteLoadError';
  }
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : JSON.stringify(error);
}
