import {
  libraryConnectionSchema,
  microsoftAuthorizeResponseSchema,
  type CollectionScope,
  type LibraryConnection,
} from '@assistant/contracts';
import { apiClients, useMutation } from '@assistant/platform';
import { OAUTH_CALLBACK_PATH, openOAuthPopup, waitForOAuthCallback, type PopupHost } from './oauth-popup';
import { useAddConnection } from './libraries';

export interface LibrarySignInRequest {
  /** The connection's name in the portal. */
  name: string;
  scope?: CollectionScope;
}

/**
 * Connects Microsoft 365 in a popup (docs/document-libraries.md#microsoft-365): opens the popup at
 * once (call it in the click's handler: browsers block popups opened later), asks the server where
 * it goes (POST /api/libraries/microsoft/authorize), waits for its return to /oauth/callback and
 * lets the server finish (POST .../complete). Answers the new connection. Fails with
 * OAuthPopupError (`popup-blocked`, `closed`, `denied`) or the API's error; the popup is closed
 * whatever happens.
 */
export function openLibrarySignInPopup(request: LibrarySignInRequest, options: { signal?: AbortSignal; host?: PopupHost } = {}): Promise<LibraryConnection> {
  const host = options.host ?? window;
  let popup: Window;
  try {
    popup = openOAuthPopup(host);
  } catch (error) {
    return Promise.reject(error);
  }
  return (async () => {
    try {
      const { authorize_url, state } = await apiClients().api.post(
        'libraries/microsoft/authorize',
        { ...request, redirect_uri: `${host.location.origin}${OAUTH_CALLBACK_PATH}` },
        microsoftAuthorizeResponseSchema,
        { signal: options.signal },
      );
      popup.location.href = authorize_url;
      const { code } = await waitForOAuthCallback(popup, state, { signal: options.signal, host });
      return await apiClients().api.post('libraries/microsoft/complete', { code, state }, libraryConnectionSchema, { signal: options.signal });
    } finally {
      if (!popup.closed) popup.close();
    }
  })();
}

/**
 * The Microsoft 365 sign-in as a mutation: `start(request)` opens the popup in the click's own
 * turn, and the new connection goes into its scope's list when it is done.
 */
export function useLibrarySignIn() {
  const add = useAddConnection();
  const mutation = useMutation({ mutationFn: (pending: Promise<LibraryConnection>) => pending, onSuccess: add });
  const start = (request: LibrarySignInRequest) => {
    const pending = openLibrarySignInPopup(request);
    // Handled by the mutation; this keeps the browser from calling it unhandled meanwhile.
    pending.catch(() => undefined);
    mutation.mutate(pending);
  };
  return { ...mutation, start };
}
