import {
  APP_VERSION,
  KNOWN_PERMISSIONS,
  featureFlagsSchema,
  featureSetResponseSchema,
  startupResponseSchema,
  versionResponseSchema,
} from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerConfig } from '../config';
import type { SettingsRepository } from '../db/repositories/settings-repository';

/** What the shell loads before it builds its router (SPEC section 4, start-up order). */
export const startupRoutes: FastifyPluginAsyncZod<{ settings: SettingsRepository; limits?: ServerConfig['limits'] }> = async (
  app,
  { settings, limits },
) => {
  app.get('/feature-flags', { schema: { response: { 200: featureFlagsSchema } } }, () =>
    settings.readOne('feature_flags'),
  );
  app.get('/feature-set', { schema: { response: { 200: featureSetResponseSchema } } }, async () => ({
    feature_set: await settings.readOne('feature_set'),
  }));
  app.get('/version', { schema: { response: { 200: versionResponseSchema } } }, () => ({ version: APP_VERSION }));

  // GET /api/startup: flags, feature set, config and the user's permissions in one
  // answer, read from the same repositories as the single calls, in parallel. The shell applies
  // flags before the feature set (SPEC section 4); nothing here needs to wait for the other.
  if (limits) {
    app.get('/startup', { schema: { response: { 200: startupResponseSchema } } }, async (request, reply) => {
      const [flags, featureSet, customization] = await Promise.all([
        settings.readOne('feature_flags'),
        settings.readOne('feature_set'),
        settings.readOne('customization'),
      ]);
      // Per user: never shared by a cache in between.
      reply.header('cache-control', 'private, no-store');
      return {
        flags,
        feature_set: featureSet,
        config: { ...limits, hasError: false, customization },
        permissions: KNOWN_PERMISSIONS.filter((permission) => request.principal.permissions.has(permission)),
      };
    });
  }
};
