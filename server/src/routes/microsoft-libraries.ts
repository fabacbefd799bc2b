import { randomBytes } from 'node:crypto';
import { libraryConnectionSchema, microsoftAuthorizeRequestSchema, microsoftAuthorizeResponseSchema, microsoftCompleteRequestSchema } from '@assistant/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../http/error-responses';
import { sendError } from '../http/send-error';
import { abortWhenClientLeaves } from '../inference/client-abort';
import { LibraryError } from '../libraries/connector';
import { toLibraryConnection, type LibraryConnectionsRepository } from '../libraries/library-connections-repository';
import { sendLibraryError } from '../libraries/library-error-reply';
import type { LibrarySessions } from '../libraries/library-sessions';
import { MICROSOFT_KIND, type MicrosoftSession } from '../libraries/microsoft/graph-connector';
import type { Microsoft365 } from '../libraries/microsoft/microsoft-from-config';
import { createPkcePair } from '../libraries/microsoft/microsoft-oauth';
import type { OAuthStatesRepository } from '../libraries/oauth-states-repository';

export interface MicrosoftLibraryRoutesOptions {
  connections: LibraryConnectionsRepository;
  sessions: LibrarySessions;
  states: OAuthStatesRepository;
  /** Undefined when no Entra ID app is configured: Microsoft 365 is not offered. */
  microsoft: Microsoft365 | undefined;
  /** The portal's origin: the sign-in popup returns to its /oauth/callback and nowhere else. */
  portalOrigin: string;
}

const OAUTH_CALLBACK_PATH = '/oauth/callback';

/**
 * Connecting Microsoft 365 (docs/document-libraries.md#microsoft-365): authorization code with
 * PKCE in a popup. `authorize` keeps the verifier under a random state (its starter's alone, for
 * ten minutes) and answers where the popup goes; the popup returns to the portal's /oauth/callback,
 * which hands code and state to the page that opened it; `complete` takes the state (once),
 * exchanges the code with the verifier, signs in to Graph once and stores the tokens encrypted.
 */
export const microsoftLibraryRoutes: FastifyPluginAsyncZod<MicrosoftLibraryRoutesOptions> = async (app, { connections, sessions, states, microsoft, portalOrigin }) => {
  /** Why Microsoft 365 cannot be connected on this server now; undefined when it can. */
  const unavailable = (reply: FastifyReply) => {
    if (!microsoft) return sendError(reply, 501, 'Microsoft 365 is not set up on this server: an administrator registers an app in Entra ID and sets MICROSOFT_CLIENT_ID', { code: 'not_implemented' });
    if (!connections.enabled) return sendError(reply, 503, 'Document libraries are off on this server: an administrator sets LIBRARY_SECRET_KEYS to turn them on', { code: 'service_unavailable' });
    return undefined;
  };

  app.post(
    '/libraries/microsoft/authorize',
    { schema: { body: microsoftAuthorizeRequestSchema, response: { 200: microsoftAuthorizeResponseSchema, ...errorResponses(403, 501, 502, 504) } } },
    async (request, reply) => {
      const refusal = unavailable(reply);
      if (refusal) return refusal;
      const { name, scope, redirect_uri } = request.body;
      if (scope === 'company' && !request.viewer.isAdmin) return sendError(reply, 403, 'Only administrators connect libraries for company collections');
      const target = new URL(redirect_uri);
      if (target.origin !== portalOrigin || target.pathname !== OAUTH_CALLBACK_PATH || target.search || target.hash) {
        return sendError(reply, 400, `The sign-in must return to the portal's ${OAUTH_CALLBACK_PATH} (${portalOrigin}${OAUTH_CALLBACK_PATH})`, { code: 'bad_request' });
      }
      const state = randomBytes(32).toString('base64url');
      const { verifier, challenge } = createPkcePair();
      let authorizeUrl: string;
      try {
        authorizeUrl = await microsoft!.oauth.authorizeUrl({ state, challenge, redirectUri: target.href });
      } catch (error) {
        return sendLibraryError(request, reply, error, { client: new AbortController().signal });
      }
      await states.create({ state, ownerId: request.viewer.sub, verifier, name, scope, redirectUri: target.href });
      return { authorize_url: authorizeUrl, state };
    },
  );

  app.post(
    '/libraries/microsoft/complete',
    { schema: { body: microsoftCompleteRequestSchema, response: { 201: libraryConnectionSchema, ...errorResponses(403, 501, 502, 504) } } },
    async (request, reply) => {
      const refusal = unavailable(reply);
      if (refusal) return refusal;
      const started = await states.take(request.body.state, request.viewer.sub);
      if (!started) return sendError(reply, 400, 'This Microsoft 365 sign-in is unknown or finished already: please start again', { code: 'bad_request' });
      if (started.expires_at.getTime() < Date.now()) {
        return sendError(reply, 400, 'This Microsoft 365 sign-in took more than ten minutes: please start again', { code: 'bad_request' });
      }
      if (started.scope === 'company' && !request.viewer.isAdmin) return sendError(reply, 403, 'Only administrators connect libraries for company collections');
      const client = abortWhenClientLeaves(reply);
      try {
        const credentials = await microsoft!.oauth.exchangeCode({ code: request.body.code, verifier: started.verifier, redirectUri: started.redirect_uri }, client.signal);
        const session = sessions.openUnsaved(microsoft!.connector, microsoft!.oauth.settings.graphUrl, credentials) as MicrosoftSession;
        const { account } = await session.verify(client.signal);
        const url = (await session.tenantUrl(client.signal)) ?? new URL(microsoft!.oauth.settings.graphUrl).origin;
        const connection = { scope: started.scope, kind: MICROSOFT_KIND, url, account };
        // The same account signing in again (its refresh token expired or was revoked): the
        // connection keeps its bindings and gets the new tokens.
        const same = await connections.findSame(request.viewer, connection);
        if (same) {
          await connections.saveCredentials(same.id, credentials);
          await connections.setState(same.id, 'connected', null);
          request.log.info({ by: request.viewer.sub, library: same.id, kind: MICROSOFT_KIND }, 'document library signed in again');
          return reply.code(201).send(toLibraryConnection({ ...same, state: 'connected', problem: null }));
        }
        const created = await connections.create(request.viewer, { ...connection, name: started.name, credentials });
        request.log.info({ by: request.viewer.sub, library: created.id, kind: MICROSOFT_KIND, scope: created.scope }, 'document library connected');
        return reply.code(201).send(created);
      } catch (error) {
        // The provider refusing the code (used, expired, PKCE mismatch) is the user's to redo.
        if (error instanceof LibraryError && error.reason === 'needs-sign-in' && !client.signal.aborted) {
          return sendError(reply, 400, error.message, { code: 'bad_request' });
        }
        return sendLibraryError(request, reply, error, { client: client.signal });
      } finally {
        client.dispose();
      }
    },
  );
};
