import type Provider from 'oidc-provider';

/**
 * Koa middleware as `provider.use()` takes it. Derived from oidc-provider's types because koa is not
 * a direct dependency of the server package. Middleware added with `provider.use()` runs before the
 * provider's own router, so `ctx.oidc` is not available in it.
 */
export type IdpMiddleware = Parameters<Provider['use']>[0];
export type IdpContext = Parameters<IdpMiddleware>[0];
