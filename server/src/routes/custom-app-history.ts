import {
  CUSTOM_APP_EXPORT_FORMAT,
  CUSTOM_APP_EXPORT_FORMAT_VERSION,
  customAppConflictSchema,
  customAppCopyName,
  customAppExportSchema,
  customAppIdParamsSchema,
  customAppSchema,
  customAppVersionListResponseSchema,
  customAppVersionParamsSchema,
  customAppVersionSchema,
  duplicateCustomAppRequestSchema,
  restoreCustomAppRequestSchema,
  type CustomAppExport,
} from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCreateYourOwn as createYourOwnGuard } from '../custom-apps/create-your-own-setting';
import { customAppAnswers, customAppFor, refuseApp, refuseStale } from '../custom-apps/custom-app-access';
import { definitionOf } from '../custom-apps/custom-app-versions';
import type { CustomAppsRepository } from '../custom-apps/custom-apps-repository';
import type { SettingsRepository } from '../db/repositories/settings-repository';
import { exportAttachment } from '../http/export-attachment';
import { errorResponses } from '../http/error-responses';
import type { SharingLookup } from '../sharing/shareable-kind';

export interface CustomAppHistoryOptions {
  apps: CustomAppsRepository;
  /** Where create_your_own_enabled is read (changes are refused while it is off). */
  settings: SettingsRepository;
  /** How the apps answered reach their viewer (SharesRepository.sharingOf). */
  sharingOf: SharingLookup;
}

/**
 * An app's history and copies (docs/custom-apps.md; contract custom-apps.ts):
 *
 * - GET /custom-apps/{id}/versions, GET /custom-apps/{id}/versions/{version}: for those who may
 *   change the app (its owner and edit recipients; administrators for a company app: 403 for
 *   others), each version with who made it. The history of a personal app before it was published
 *   is its authors' drafts, not the company's.
 * - POST /custom-apps/{id}/versions/{version}/restore `{base_version}`: that version's definition
 *   as a new version; a stale base is a 409 with `current`, like a save.
 * - POST /custom-apps/{id}/duplicate `{language}` (201): a personal copy of an app the user may run,
 *   owned by them, "<name> (Kopie)" / "(copy)".
 * - GET /custom-apps/{id}/export: the definition as a versioned JSON file, without id, owner or
 *   visibility. POST /custom-apps/import (201): such a file as a new personal app; a file of
 *   another kind, another format version or with a wrong definition is a 400 naming the fields,
 *   and nothing is stored.
 *
 * Restoring, duplicating and importing make or change apps, so they need create_your_own_enabled.
 */
export const customAppHistoryRoutes: FastifyPluginAsyncZod<CustomAppHistoryOptions> = async (app, { apps, settings, sharingOf }) => {
  const requireCreateYourOwn = createYourOwnGuard(settings);
  const answers = customAppAnswers(sharingOf);
  app.get(
    '/custom-apps/:id/versions',
    { schema: { params: customAppIdParamsSchema, response: { 200: customAppVersionListResponseSchema } } },
    async (request, reply) => {
      const found = await customAppFor(apps, request, reply, request.params.id, 'edit');
      return found ? { versions: await apps.versions(found.id) } : reply;
    },
  );

  app.get(
    '/custom-apps/:id/versions/:version',
    { schema: { params: customAppVersionParamsSchema, response: { 200: customAppVersionSchema } } },
    async (request, reply) => {
      const found = await customAppFor(apps, request, reply, request.params.id, 'edit');
      if (!found) return reply;
      const version = await apps.version(found.id, request.params.version);
      return version ?? refuseApp(reply, 'versionNotFound');
    },
  );

  app.post(
    '/custom-apps/:id/versions/:version/restore',
    {
      onRequest: requireCreateYourOwn,
      schema: {
        params: customAppVersionParamsSchema,
        body: restoreCustomAppRequestSchema,
        response: { 200: customAppSchema, 409: customAppConflictSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      const viewer = request.viewer;
      const found = await customAppFor(apps, request, reply, request.params.id, 'edit');
      if (!found) return reply;
      const restored = await apps.restore(found.id, request.params.version, request.body.base_version, viewer);
      if (restored === 'versionNotFound') return refuseApp(reply, 'versionNotFound');
      if (restored !== 'stale' && restored !== undefined) {
        request.log.info({ customAppId: found.id, from: request.params.version, version: restored.version }, 'custom app version restored');
        return answers.one(restored, viewer);
      }
      const current = await apps.findVisible(found.id, viewer);
      if (restored === undefined || !current) return refuseApp(reply, 'notFound');
      return refuseStale(reply, await answers.one(current, viewer));
    },
  );

  app.post(
    '/custom-apps/:id/duplicate',
    { onRequest: requireCreateYourOwn, schema: { params: customAppIdParamsSchema, body: duplicateCustomAppRequestSchema, response: { 201: customAppSchema, ...errorResponses(403) } } },
    async (request, reply) => {
      const viewer = request.viewer;
      const source = await customAppFor(apps, request, reply, request.params.id, 'read');
      if (!source) return reply;
      const copy = await apps.create(viewer.sub, { ...definitionOf(source), name: customAppCopyName(source.name, request.body.language) }, 'duplicated');
      if (copy === 'tooManyApps') return refuseApp(reply, 'tooManyApps');
      request.log.info({ customAppId: copy.id, from: source.id }, 'custom app duplicated');
      return reply.code(201).send(await answers.one(copy, viewer));
    },
  );

  app.get(
    '/custom-apps/:id/export',
    { schema: { params: customAppIdParamsSchema, response: { 200: customAppExportSchema } } },
    async (request, reply) => {
      const found = await customAppFor(apps, request, reply, request.params.id, 'read');
      if (!found) return reply;
      const document: CustomAppExport = {
        format: CUSTOM_APP_EXPORT_FORMAT,
        format_version: CUSTOM_APP_EXPORT_FORMAT_VERSION,
        exported_at: new Date().toISOString(),
        app: definitionOf(found),
      };
      reply.header('content-disposition', exportAttachment(found.name, 'app', '.app.json'));
      return document;
    },
  );

  app.post(
    '/custom-apps/import',
    { onRequest: requireCreateYourOwn, schema: { body: customAppExportSchema, response: { 201: customAppSchema, ...errorResponses(403) } } },
    async (request, reply) => {
      const viewer = request.viewer;
      const created = await apps.create(viewer.sub, request.body.app, 'imported');
      if (created === 'tooManyApps') return refuseApp(reply, 'tooManyApps');
      request.log.info({ customAppId: created.id, variables: created.variables.length }, 'custom app imported');
      return reply.code(201).send(await answers.one(created, viewer));
    },
  );
};
