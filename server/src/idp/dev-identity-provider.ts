import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { AuditLog } from '../audit/audit-log';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { accessTokenClaims, findAccountBySub, SCOPE_CLAIMS, standardClaims } from './accounts';
import { createAssetMiddleware, createInteractionMiddleware, type InteractionLogger } from './interactions';
import { createKeyRotation } from './key-rotation';
import { loadOrCreateIdpKeys, type IdpKeys } from './key-store';
import { createLoginThrottle, type LoginThrottle } from './login-throttle';
import { createOidcAdapterFactory, sweepExpiredOidcPayloads } from './oidc-adapter';
import { contentSecurityPolicy, errorPage, logoutPage, pageLanguage, signedOutPage } from './pages';
import { createUserinfoMiddleware } from './userinfo';

export interface DevIdentityProviderLogger {
  info(obj: unknown, ...rest: unknown[]): void;
  warn(obj: unknown, ...rest: unknown[]): void;
  error(obj: unknown, ...rest: unknown[]): void;
}

export interface DevIdentityProviderOptions {
  config: ServerConfig;
  db: Database;
  logger: DevIdentityProviderLogger;
  /** Replaces the default login throttle (tests: their own clock and limits). */
  loginThrottle?: LoginThrottle;
}

export interface DevIdentityProvider {
  issuer: string;
  /** Binds `config.devIdp.host:port`. */
  listen(): Promise<void>;
  /** Stops listening (open keep-alive connections are closed) and stops the expiry sweeper. */
  close(): Promise<void>;
  /** The Node request handler, for mounting elsewhere (tests, another server). */
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
}

/** Lifetimes in seconds. */
export const IDP_TTL = {
  AccessToken: 15 * 60,
  AuthorizationCode: 60,
  IdToken: 60 * 60,
  RefreshToken: 8 * 60 * 60,
  Session: 8 * 60 * 60,
  Interaction: 60 * 60,
  Grant: 8 * 60 * 60,
} as const;

/** Scopes the portal asks for; also the scope of the API resource server, so the access token carries them. */
const PORTAL_SCOPES = 'openid email profile';

/**
 * The document-library sign-in's client (MICROSOFT_CLIENT_ID with MICROSOFT_AUTHORITY set to this
 * provider): it stands in for Microsoft Entra ID in development and tests, issuing access tokens
 * for Graph's resource (a Graph double checks them against this provider's keys).
 */
export const DEV_LIBRARY_CLIENT_ID = 'assistant-libraries';
export const DEV_GRAPH_RESOURCE = 'https://graph.microsoft.com';
const GRAPH_SCOPES = 'User.Read Files.Read.All Sites.Read.All';
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The embedded development OpenID Connect provider (oidc-provider 9). It runs only with DEV_IDP=on
 * (`config.devIdp` is set). See docs/identity-provider.md.
 */
export async function createDevIdentityProvider(options: DevIdentityProviderOptions): Promise<DevIdentityProvider> {
  const { config, db, logger } = options;
  const devIdp = config.devIdp;
  if (!devIdp) throw new Error('The dev identity provider runs only with DEV_IDP=on (config.devIdp missing)');
  const issuer = devIdp.issuer;
  if (new URL(issuer).pathname !== '/') {
    throw new Error(`IDP_ISSUER must be an origin without a path (got ${issuer})`);
  }

  const { auth, portalOrigin } = config;
  const clientId = auth.clientId;
  const firstParty = [clientId, DEV_LIBRARY_CLIENT_ID];
  const resource = apiResourceIndicator(auth.audience);
  const initialKeys = await loadOrCreateIdpKeys(config.dataDir);
  const accessTokenTtl = devIdp.accessTokenTtlSeconds ?? IDP_TTL.AccessToken;
  // With rotation the ID token lives no longer than the access token, so that few old keys stay published.
  const idTokenTtl = devIdp.keyRotationSeconds ? Math.min(IDP_TTL.IdToken, accessTokenTtl) : IDP_TTL.IdToken;

  // oidc-provider takes its keys when it is built: a rotation builds a new one over the same
  // database and cookie keys (sessions and grants live on) and swaps the request handler.
  // One throttle for every provider built, so that a rotation does not forget failed sign-ins.
  const loginThrottle = options.loginThrottle ?? createLoginThrottle();
  const audit = new AuditLog(db);
  const build = (keys: IdpKeys) => {
    const configuration: Configuration = {
      adapter: createOidcAdapterFactory(db),
      jwks: { keys: keys.jwks.keys },
      cookies: {
        keys: keys.cookieKeys,
        // Portal, API and provider share the host "localhost" in dev and cookies ignore ports: use names of our own.
        names: {
          session: 'assistant_idp_session',
          interaction: 'assistant_idp_interaction',
          resume: 'assistant_idp_interaction_resume',
        },
        // Not `secure`: the dev issuer is plain http://localhost. oidc-provider upgrades to secure on its own
        // when a request arrives over TLS.
        long: { httpOnly: true, sameSite: 'lax', secure: false },
        short: { httpOnly: true, sameSite: 'lax', secure: false },
      },
      clients: [
        {
          client_id: clientId,
          client_name: 'Assistant portal',
          application_type: 'web',
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          redirect_uris: [`${portalOrigin}/callback`, `${portalOrigin}/silent-renew.html`],
          post_logout_redirect_uris: [portalOrigin],
          scope: `${PORTAL_SCOPES} offline_access`,
        },
        {
          client_id: DEV_LIBRARY_CLIENT_ID,
          client_name: 'Document libraries (Microsoft 365 sign-in)',
          application_type: 'web',
          // A public client with PKCE, as an Entra app registration without a secret.
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          redirect_uris: [`${portalOrigin}/oauth/callback`],
          // No `scope` here: Graph's scopes are the resource server's (below), not the provider's.
        },
      ],
      clientBasedCORS(_ctx, origin, client) {
        return client.clientId === clientId && origin === portalOrigin;
      },
      pkce: { required: () => true },
      scopes: ['openid', 'email', 'profile', 'offline_access'],
      claims: {
        openid: [...SCOPE_CLAIMS.openid],
        email: [...SCOPE_CLAIMS.email],
        profile: [...SCOPE_CLAIMS.profile],
      },
      async findAccount(_ctx, sub) {
        const account = findAccountBySub(sub);
        if (!account) return undefined;
        return {
          accountId: account.sub,
          // oidc-provider filters these by the granted scopes and claims.
          claims: () => standardClaims(account) as { sub: string },
        };
      },
      features: {
        devInteractions: { enabled: false },
        userinfo: { enabled: true },
        revocation: { enabled: true },
        resourceIndicators: {
          enabled: true,
          defaultResource: (_ctx, client) => (client?.clientId === DEV_LIBRARY_CLIENT_ID ? DEV_GRAPH_RESOURCE : resource),
          useGrantedResource: () => true,
          getResourceServerInfo(_ctx, resourceIndicator, client) {
            if (resourceIndicator === DEV_GRAPH_RESOURCE && client.clientId === DEV_LIBRARY_CLIENT_ID) {
              return { scope: GRAPH_SCOPES, audience: DEV_GRAPH_RESOURCE, accessTokenFormat: 'jwt', accessTokenTTL: accessTokenTtl, jwt: { sign: { alg: 'RS256' } } };
            }
            if (resourceIndicator !== resource || client.clientId !== clientId) {
              throw new errors.InvalidTarget();
            }
            return {
              scope: PORTAL_SCOPES,
              audience: auth.audience,
              accessTokenFormat: 'jwt',
              accessTokenTTL: accessTokenTtl,
              jwt: { sign: { alg: 'RS256' } },
            };
          },
        },
        rpInitiatedLogout: {
          enabled: true,
          logoutSource(ctx, form) {
            const language = pageLanguage(ctx.acceptsLanguages('en', 'de'));
            setHtml(ctx, logoutPage(form, { host: ctx.host, autoSubmit: ctx.oidc.client?.clientId === clientId, language }));
          },
          postLogoutSuccessSource(ctx) {
            setHtml(ctx, signedOutPage(ctx.oidc.client?.clientName ?? ctx.oidc.client?.clientId, pageLanguage(ctx.acceptsLanguages('en', 'de'))));
          },
        },
      },
      async extraTokenClaims(_ctx, token) {
        const accountId = 'accountId' in token ? token.accountId : undefined;
        const account = typeof accountId === 'string' ? findAccountBySub(accountId) : undefined;
        return account ? accessTokenClaims(account, auth) : undefined;
      },
      // The portal asks for "openid email profile" without offline_access and still gets a refresh token.
      issueRefreshToken(_ctx, client) {
        return firstParty.includes(client.clientId) && client.grantTypeAllowed('refresh_token');
      },
      rotateRefreshToken: true,
      // First-party clients (the portal, the library sign-in): no consent screen. The grant is created or extended with what is asked.
      async loadExistingGrant(ctx) {
        const { oidc } = ctx;
        const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client!.clientId);
        const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
        const accountId = oidc.account?.accountId;
        if (!firstParty.includes(oidc.client?.clientId ?? '') || !accountId) return existing;

        const grant =
          existing && existing.accountId === accountId
            ? existing
            : new oidc.provider.Grant({ accountId, clientId: oidc.client!.clientId });
        const oidcScopes = [...oidc.requestParamOIDCScopes];
        if (oidcScopes.length) grant.addOIDCScope(oidcScopes.join(' '));
        const claims = [...oidc.requestParamClaims];
        if (claims.length) grant.addOIDCClaims(claims);
        for (const [indicator, resourceServer] of Object.entries(oidc.resourceServers ?? {})) {
          const scopes = [...oidc.requestParamScopes].filter((s) => resourceServer.scopes.has(s));
          if (scopes.length) grant.addResourceScope(indicator, scopes.join(' '));
        }
        await grant.save();
        return grant;
      },
      renderError(ctx, out) {
        setHtml(ctx, errorPage('Sign-in error', { ...out }));
      },
      interactions: {
        url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
      },
      ttl: {
        AccessToken: accessTokenTtl,
        AuthorizationCode: IDP_TTL.AuthorizationCode,
        IdToken: idTokenTtl,
        Interaction: IDP_TTL.Interaction,
        Session: IDP_TTL.Session,
        Grant: IDP_TTL.Grant,
        // A rotated token keeps what is left of its predecessor: 8 h after sign-in at most.
        RefreshToken(ctx, token, client) {
          const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
          if (rotated && client.clientAuthMethod === 'none' && !token.isSenderConstrained()) {
            return rotated.remainingTTL;
          }
          return IDP_TTL.RefreshToken;
        },
      },
    };

    const provider = new Provider(issuer, configuration);
    provider.proxy = false;

    provider.on('server_error', (_ctx: KoaContextWithOIDC, error: Error) => {
      logger.error({ err: error }, 'dev identity provider: server error');
    });
    const refused = (event: string) => (_ctx: KoaContextWithOIDC, error: Error & { error_description?: string }) => {
      logger.warn({ event, error: error.message, description: error.error_description }, 'dev identity provider: request refused');
    };
    provider.on('authorization.error', refused('authorization.error'));
    provider.on('grant.error', refused('grant.error'));
    provider.on('end_session.error', refused('end_session.error'));
    provider.on('userinfo.error', refused('userinfo.error'));

    const csp = contentSecurityPolicy(portalOrigin);
    provider.use(async (ctx, next) => {
      ctx.set('Content-Security-Policy', csp);
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Referrer-Policy', 'no-referrer');
      await next();
    });
    provider.use(createAssetMiddleware());
    provider.use(
      createUserinfoMiddleware({
        path: provider.pathFor('userinfo'),
        issuer,
        audience: auth.audience,
        publicJwks: keys.publicJwks,
        portalOrigin,
      }),
    );
    provider.use(
      createInteractionMiddleware({
        provider,
        firstPartyClientIds: firstParty,
        logger: logger as InteractionLogger,
        loginThrottle,
        audit,
      }),
    );

    return provider.callback();
  };

  let handler = build(initialKeys);
  const rotation = devIdp.keyRotationSeconds
    ? createKeyRotation({
        dataDir: config.dataDir,
        keys: initialKeys,
        everySeconds: devIdp.keyRotationSeconds,
        // Tokens signed with a key live this long after it last signed (plus clock skew).
        retainSeconds: Math.max(accessTokenTtl, idTokenTtl) + 30,
        onRotate(keys) {
          handler = build(keys);
          logger.info({ kid: keys.jwks.keys[0]!.kid, published: keys.jwks.keys.length }, 'dev identity provider: signing key rotated');
        },
        onError: (error) => logger.error({ err: error }, 'dev identity provider: key rotation failed'),
      })
    : undefined;
  const dispatch = (req: IncomingMessage, res: ServerResponse) => handler(req, res);
  let server: Server | undefined;
  let sweeper: NodeJS.Timeout | undefined;

  const sweep = () =>
    sweepExpiredOidcPayloads(db).catch((error: unknown) =>
      logger.warn({ err: error }, 'dev identity provider: could not sweep expired sessions and tokens'),
    );

  return {
    issuer,
    callback: () => dispatch,
    async listen() {
      if (server) return;
      await sweep();
      const http = createServer(dispatch);
      await new Promise<void>((resolve, reject) => {
        http.once('error', reject);
        http.listen(devIdp.port, devIdp.host, () => {
          http.off('error', reject);
          resolve();
        });
      });
      server = http;
      sweeper = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
      sweeper.unref();
      rotation?.start();
      const { port } = http.address() as AddressInfo;
      logger.info({ issuer, host: devIdp.host, port }, 'dev identity provider listening');
    },
    async close() {
      if (sweeper) clearInterval(sweeper);
      sweeper = undefined;
      rotation?.stop();
      const http = server;
      server = undefined;
      if (!http) return;
      await new Promise<void>((resolve, reject) => {
        http.close((error) => (error ? reject(error) : resolve()));
        http.closeAllConnections();
      });
    },
  };
}

/**
 * The resource indicator of the API. RFC 8707 wants an absolute URI; the token's `aud` is the
 * configured audience either way, so a plain audience such as "assistant-api" works too.
 */
export function apiResourceIndicator(audience: string): string {
  return URL.canParse(audience) && !audience.includes('#') ? audience : 'urn:assistant:api';
}

function setHtml(ctx: KoaContextWithOIDC, html: string): void {
  ctx.type = 'html';
  ctx.body = html;
}
