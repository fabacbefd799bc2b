import { adminSettingsPatchSchema, adminSettingsSchema, LOCKOUT_REFUSED_MESSAGE } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdministrator } from '../auth/auth-hook';
import { LockoutRefusedError, type SettingsRepository } from '../db/repositories/settings-repository';
import { errorResponses } from '../http/error-responses';
import { sendError } from '../http/send-error';
import { BrandImageError, checkBrandImages } from '../settings/sanitize-image';

/**
 * Administrators read and change flags, feature set and customization (403 for everyone else).
 * A logo or favicon is checked before it is stored (PNG signature; SVG sanitized, 400 naming the
 * field otherwise). A change that hides /customization from every administrator is refused with
 * 409 `conflict` unless the body says `confirm_lockout: true` (recovery: docs/configuration.md).
 */
export const adminSettingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsRepository }> = async (app, { settings }) => {
  // onRequest, before the body is parsed and validated: a non-administrator gets 403 and learns
  // nothing of the settings' shape from validation messages.
  app.addHook('onRequest', requireAdministrator);
  app.get('/settings', { schema: { response: { 200: adminSettingsSchema } } }, () => settings.read());
  app.patch(
    '/settings',
    // Logos and favicons travel base64-encoded inside the customization.
    { bodyLimit: 4 * 1024 * 1024, schema: { body: adminSettingsPatchSchema, response: { 200: adminSettingsSchema, ...errorResponses(409) } } },
    async (request, reply) => {
      let patch = request.body;
      try {
        if (patch.customization) patch = { ...patch, customization: checkBrandImages(patch.customization) };
      } catch (error) {
        if (!(error instanceof BrandImageError)) throw error;
        return sendError(reply, 400, `customization.${error.field}: ${error.message}`, {
          code: 'validation_failed',
          issues: [{ path: ['body', 'customization', error.field], message: error.message, code: 'custom' }],
        });
      }
      try {
        const next = await settings.update(patch, request.principal.sub);
        request.log.info({ by: request.principal.sub, keys: Object.keys(request.body) }, 'settings changed');
        return next;
      } catch (error) {
        if (!(error instanceof LockoutRefusedError)) throw error;
        return sendError(reply, 409, LOCKOUT_REFUSED_MESSAGE, { code: 'conflict' });
      }
    },
  );
};
