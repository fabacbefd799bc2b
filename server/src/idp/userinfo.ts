import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet } from 'jose';
import { claimsForScopes, findAccountBySub, SCOPE_CLAIMS } from './accounts';
import type { IdpMiddleware } from './koa-types';

export interface UserinfoOptions {
  /** Path of oidc-provider's userinfo route (default `/me`). */
  path: string;
  issuer: string;
  audience: string;
  /** Public keys of this provider. */
  publicJwks: JSONWebKeySet;
  portalOrigin: string;
}

/**
 * Answers the userinfo endpoint for the JWT access tokens this provider issues to the API audience.
 *
 * oidc-provider refuses audience-bound access tokens at userinfo ("token audience prevents accessing
 * the userinfo endpoint") and cannot look JWT access tokens up at all. The portal (oidc-client-ts
 * with loadUserInfo) calls userinfo with exactly that token, as company providers (Keycloak, Entra)
 * allow. So this middleware, mounted in front of the provider's router, verifies the token with the
 * provider's own public keys (signature, `typ` at+jwt, `iss`, `aud`, `exp`) and answers the account's
 * standard claims for the granted OpenID scopes. Anything that is not a JWT falls through to
 * oidc-provider's own userinfo handler.
 */
export function createUserinfoMiddleware(options: UserinfoOptions): IdpMiddleware {
  const keys = createLocalJWKSet(options.publicJwks);
  const oidcScopes = new Set(Object.keys(SCOPE_CLAIMS));

  return async (ctx, next) => {
    if (ctx.path !== options.path || (ctx.method !== 'GET' && ctx.method !== 'POST')) return next();
    const header = ctx.get('Authorization');
    const match = /^Bearer ([A-Za-z0-9_~+/.=-]+)$/i.exec(header);
    const token = match?.[1];
    if (!token || token.split('.').length !== 3) return next();

    ctx.vary('Origin');
    if (ctx.get('Origin') === options.portalOrigin) {
      ctx.set('Access-Control-Allow-Origin', options.portalOrigin);
      ctx.set('Access-Control-Expose-Headers', 'WWW-Authenticate');
    }
    ctx.set('Cache-Control', 'no-store');

    const fail = (status: 401 | 403, error: string, description: string, scope?: string) => {
      const parts = [`realm="${options.issuer}"`, `error="${error}"`, `error_description="${description}"`];
      if (scope) parts.push(`scope="${scope}"`);
      ctx.status = status;
      ctx.set('WWW-Authenticate', `Bearer ${parts.join(', ')}`);
      ctx.body = { error, error_description: description };
    };

    let payload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        typ: 'at+jwt',
        algorithms: ['RS256'],
      }));
    } catch (error) {
      const expired = error instanceof joseErrors.JWTExpired;
      return fail(401, 'invalid_token', expired ? 'access token expired' : 'invalid access token');
    }
    if (payload.cnf) {
      return fail(401, 'invalid_token', 'sender-constrained access tokens are not accepted here');
    }
    const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
    if (!scopes.includes('openid')) {
      return fail(403, 'insufficient_scope', 'access token missing openid scope', 'openid');
    }
    const account = typeof payload.sub === 'string' ? findAccountBySub(payload.sub) : undefined;
    if (!account) return fail(401, 'invalid_token', 'associated account not found');

    ctx.status = 200;
    ctx.body = claimsForScopes(account, scopes.filter((s) => oidcScopes.has(s)));
  };
}
