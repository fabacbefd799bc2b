import { configSchema } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerConfig } from '../config';
import type { SettingsRepository } from '../db/repositories/settings-repository';

/** GET /api/config: limits from the server's environment, branding from the administrators' settings. */
export const configRoutes: FastifyPluginAsyncZod<{ settings: SettingsRepository; limits: ServerConfig['limits'] }> = async (
  app,
  { settings, limits },
) => {
  app.get('/config', { schema: { response: { 200: configSchema } } }, async () => ({
    ...limits,
    hasError: false,
    customization: await settings.readOne('customization'),
  }));
};
