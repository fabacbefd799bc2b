import type { IncomingMessage } from 'node:http';
import Provider, { errors } from 'oidc-provider';
import type { AuditLog } from '../audit/audit-log';
import { listDemoAccounts, verifyCredentials } from './accounts';
import type { IdpContext, IdpMiddleware } from './koa-types';
import { createLoginThrottle, type LoginThrottle } from './login-throttle';
import {
  ASSET_PATH,
  AUTO_SUBMIT_SOURCE,
  errorPage,
  LOGIN_MESSAGES,
  loginPage,
  pageLanguage,
  STYLESHEET_SOURCE,
  type PageLanguage,
} from './pages';

export interface InteractionLogger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface InteractionOptions {
  provider: Provider;
  /** Clients granted what they ask without a consent screen (the portal, the document-library sign-in). */
  firstPartyClientIds: readonly string[];
  logger: InteractionLogger;
  /** Slows down repeated wrong passwords; a default one (see login-throttle.ts) when absent. */
  loginThrottle?: LoginThrottle;
  /** Where a wrong password is recorded (docs/operations.md "Audit log"). */
  audit: AuditLog;
}

const INTERACTION_ROUTE = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|abort))?$/;
const MAX_FORM_BYTES = 8 * 1024;
/** As much of a typed user name as the log and the audit log keep. */
const LOGGED_USERNAME_LENGTH = 64;

class BadFormError extends Error {}

const ASSETS = new Map([
  [`${ASSET_PATH}/idp.css`, { type: 'text/css; charset=utf-8', body: STYLESHEET_SOURCE }],
  [`${ASSET_PATH}/auto-submit.js`, { type: 'text/javascript; charset=utf-8', body: AUTO_SUBMIT_SOURCE }],
]);

/** Serves the stylesheet and script of the provider's pages. */
export function createAssetMiddleware(): IdpMiddleware {
  return async (ctx, next) => {
    const asset = ctx.method === 'GET' || ctx.method === 'HEAD' ? ASSETS.get(ctx.path) : undefined;
    if (!asset) return next();
    ctx.type = asset.type;
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = asset.body;
  };
}

/**
 * The login interaction: `GET /interaction/:uid` shows the sign-in form, `POST .../login` checks the
 * credentials (wrong ones re-render the form with an error and status 401, repeated wrong ones
 * make the login throttle refuse further attempts with 429 for a while; right ones finish the
 * interaction), `POST .../abort` ends it with access_denied. A consent prompt (not expected, since
 * `loadExistingGrant` grants the first-party portal what it asks) is granted for the portal too.
 */
export function createInteractionMiddleware(options: InteractionOptions): IdpMiddleware {
  const { provider, firstPartyClientIds, logger, audit } = options;
  const throttle = options.loginThrottle ?? createLoginThrottle();
  const demoAccounts = listDemoAccounts().map((a) => a.username);

  return async (ctx, next) => {
    const match = INTERACTION_ROUTE.exec(ctx.path);
    if (!match) return next();
    const [, uid, action] = match;
    const expected = action ? 'POST' : 'GET';
    if (ctx.method !== expected) {
      ctx.status = 405;
      ctx.set('Allow', expected);
      return;
    }
    ctx.set('Cache-Control', 'no-store');

    try {
      const details = await provider.interactionDetails(ctx.req, ctx.res);
      if (details.uid !== uid) throw new errors.SessionNotFound('interaction mismatch');
      const clientId = String(details.params.client_id ?? '');
      const client = await provider.Client.find(clientId);
      const clientName = client?.clientName ?? clientId;
      const base = `/interaction/${encodeURIComponent(details.uid)}`;
      const language: PageLanguage = pageLanguage(ctx.acceptsLanguages('en', 'de'));
      const page = (extra: { username?: string; error?: string }) =>
        loginPage({ action: `${base}/login`, abortAction: `${base}/abort`, clientName, demoAccounts, language, ...extra });

      if (action === 'abort') {
        await finish(ctx, () =>
          provider.interactionFinished(
            ctx.req,
            ctx.res,
            { error: 'access_denied', error_description: 'End-User aborted interaction' },
            { mergeWithLastSubmission: false },
          ),
        );
        return;
      }

      if (details.prompt.name === 'login') {
        if (!action) {
          ctx.type = 'html';
          ctx.body = page({ username: typeof details.params.login_hint === 'string' ? details.params.login_hint : '' });
          return;
        }
        const form = await readForm(ctx.req);
        const username = form.get('username') ?? '';
        const messages = LOGIN_MESSAGES[language];
        const attempt = { username, address: ctx.ip };
        // Checked before the password, the same way for every username: a refusal says nothing
        // about the account or the password.
        const retryAfter = throttle.retryAfterSeconds(attempt);
        if (retryAfter > 0) {
          logger.warn(
            { username: username.slice(0, LOGGED_USERNAME_LENGTH), address: ctx.ip, retryAfter },
            'dev identity provider: sign-in throttled',
          );
          ctx.status = 429;
          ctx.set('Retry-After', String(retryAfter));
          ctx.type = 'html';
          ctx.body = page({ username, error: messages.tooManyFailures(retryAfter) });
          return;
        }
        const account = verifyCredentials(username, form.get('password') ?? '');
        if (!account) {
          throttle.recordFailure(attempt);
          const typed = username.slice(0, LOGGED_USERNAME_LENGTH);
          logger.warn({ username: typed }, 'dev identity provider: sign-in failed');
          // Who tried (as typed: there may be no such account), through which client, from where;
          // never the password. Throttled attempts are not recorded: they never reach a password check.
          await audit
            .record({ actor: `anonymous:${typed}`, action: 'sign_in.failed', subjectKind: 'client', subjectId: clientId, after: { address: ctx.ip } })
            .catch((error: unknown) => logger.error({ err: error }, 'dev identity provider: could not record a failed sign-in'));
          ctx.status = 401;
          ctx.type = 'html';
          ctx.body = page({ username, error: messages.invalidCredentials });
          return;
        }
        throttle.recordSuccess(attempt);
        logger.info({ sub: account.sub }, 'dev identity provider: signed in');
        await finish(ctx, () =>
          provider.interactionFinished(
            ctx.req,
            ctx.res,
            { login: { accountId: account.sub, amr: ['pwd'], remember: true } },
            { mergeWithLastSubmission: false },
          ),
        );
        return;
      }

      if (details.prompt.name === 'consent' && firstPartyClientIds.includes(clientId) && details.session?.accountId) {
        const grantId = await grantFirstParty(provider, details, clientId, details.session.accountId);
        await finish(ctx, () =>
          provider.interactionFinished(ctx.req, ctx.res, { consent: { grantId } }, { mergeWithLastSubmission: true }),
        );
        return;
      }

      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = errorPage('Sign-in not possible', {
        error: 'interaction_not_supported',
        error_description: `prompt "${details.prompt.name}" is not supported by the dev identity provider`,
      });
    } catch (error) {
      ctx.respond = true;
      if (error instanceof BadFormError) {
        ctx.status = 400;
        ctx.type = 'html';
        ctx.body = errorPage('Bad request', { error: 'invalid_request', error_description: error.message });
        return;
      }
      if (error instanceof errors.SessionNotFound) {
        ctx.status = 400;
        ctx.type = 'html';
        ctx.body = errorPage('Sign-in request expired', {
          error: 'invalid_request',
          error_description: 'This sign-in request is no longer valid. Go back to the application and sign in again.',
        });
        return;
      }
      logger.error({ err: error }, 'dev identity provider: interaction failed');
      ctx.status = 500;
      ctx.type = 'html';
      ctx.body = errorPage('Something went wrong', { error: 'server_error' });
    }
  };
}

/** interactionFinished writes the 303 itself: tell Koa to leave the response alone. */
async function finish(ctx: IdpContext, done: () => Promise<void>): Promise<void> {
  ctx.respond = false;
  await done();
}

type InteractionDetails = Awaited<ReturnType<Provider['interactionDetails']>>;

async function grantFirstParty(
  provider: Provider,
  details: InteractionDetails,
  clientId: string,
  accountId: string,
): Promise<string> {
  const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId });
  const missing = details.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (missing.missingOIDCScope?.length) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims?.length) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  return grant.save();
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = req.headers['content-type'] ?? '';
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw new BadFormError('form body expected');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) throw new BadFormError('form body too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
