import { adminSettingsPatchSchema, adminSettingsSchema } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdministrator } from '../auth/auth-hook';
import type { SettingsRepository } from '../db/repositories/settings-repository';

/** Administrators read and change flags, feature set and customization (403 for everyone else). */
export const adminSettingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsRepository }> = async (app, { settings }) => {
  // onRequest, before the body is parsed and validated: a non-administrator gets 403 and learns
  // nothing of the settings' shape from validation messages.
  app.addHook('onRequest', requireAdministrator);
  app.get('/settings', { schema: { response: { 200: adminSettingsSchema } } }, () => settings.read());
  app.patch(
    '/settings',
    // Logos and favicons travel base64-encoded inside the customization.
    { bodyLimit: 4 * 1024 * 1024, schema: { body: adminSettingsPatchSchema, response: { 200: adminSettingsSchema } } },
    async (request) => {
      const next = await settings.update(request.body, request.principal.sub);
      request.log.info({ by: request.principal.sub, keys: Object.keys(request.body) }, 'settings changed');
      return next;
    },
  );
};
