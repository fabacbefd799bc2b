import {
  APP_VERSION,
  featureFlagsSchema,
  featureSetResponseSchema,
  versionResponseSchema,
} from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SettingsRepository } from '../db/repositories/settings-repository';

/** What the shell loads before it builds its router (SPEC section 4, start-up order). */
export const startupRoutes: FastifyPluginAsyncZod<{ settings: SettingsRepository }> = async (app, { settings }) => {
  app.get('/feature-flags', { schema: { response: { 200: featureFlagsSchema } } }, () =>
    settings.readOne('feature_flags'),
  );
  app.get('/feature-set', { schema: { response: { 200: featureSetResponseSchema } } }, async () => ({
    feature_set: await settings.readOne('feature_set'),
  }));
  app.get('/version', { schema: { response: { 200: versionResponseSchema } } }, () => ({ version: APP_VERSION }));
};
