import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PERMISSION_ADMINISTRATE } from '@assistant/contracts';
import type { ServerConfig } from '../config';
import { sendError } from '../http/send-error';
import { principalFromClaims, viewerOf, type Principal, type Viewer } from './principal';
import { IdentityProviderUnavailableError, InvalidTokenError, type TokenVerifier } from './token-verifier';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every authenticated route; public routes never read it. */
    principal: Principal;
    /** The principal as row scoping needs it (set with it; public routes never read it either). */
    viewer: Viewer;
  }
  interface FastifyContextConfig {
    /** Route needs no bearer token (health only). */
    public?: boolean;
  }
}

/**
 * Every route needs a verified bearer access token unless it is marked `config: { public: true }`.
 * An unknown path is left to the not-found handler, so it answers 404 either way.
 */
export function registerAuthentication(
  app: FastifyInstance,
  verifier: TokenVerifier,
  auth: ServerConfig['auth'],
  /** Called with each verified principal (the directory of people and groups, docs/sharing.md); cheap when nothing changed. */
  onVerified?: (principal: Principal) => Promise<void>,
) {
  app.decorateRequest('principal', null as unknown as Principal);
  app.decorateRequest('viewer', null as unknown as Viewer);
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.public || request.routeOptions.url === undefined) return;
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+([A-Za-z0-9\-._~+/]+=*)$/i);
    if (!match) return sendUnauthorized(reply, 'A bearer access token is required');
    try {
      request.principal = principalFromClaims(await verifier.verify(match[1]!), auth);
      request.viewer = viewerOf(request.principal);
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        request.log.info({ reason: error.message }, 'access token refused');
        return sendUnauthorized(reply, 'The access token is invalid or expired');
      }
      if (error instanceof IdentityProviderUnavailableError) {
        // Not the user's fault: no 401, so the portal does not send them to sign in again.
        request.log.error({ reason: error.message }, 'access token could not be checked');
        reply.header('retry-after', '5');
        return sendError(reply, 503, 'The identity provider could not be asked to check the access token', { retryAfterSeconds: 5 });
      }
      throw error;
    }
    // The request goes on without it: its own groups come from the token, not the directory.
    await onVerified?.(request.principal).catch((error: unknown) => request.log.warn({ err: error }, 'sign-in could not be recorded in the directory'));
  });
}

function sendUnauthorized(reply: FastifyReply, message: string) {
  reply.header('www-authenticate', 'Bearer error="invalid_token"');
  return sendError(reply, 401, message);
}

/** onRequest hook of administrator-only routes: runs before the body is read or validated, so others get 403 and no validation details. */
export async function requireAdministrator(request: FastifyRequest, reply: FastifyReply) {
  if (!request.principal.permissions.has(PERMISSION_ADMINISTRATE)) {
    return sendError(reply, 403, 'This action needs the AdministrateAssistant permission');
  }
}
