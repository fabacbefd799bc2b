import {
  CUSTOM_APP_DOCUMENT_MAX_CHARACTERS,
  createCustomAppRequestSchema,
  customAppConflictSchema,
  customAppIdParamsSchema,
  customAppListResponseSchema,
  customAppSchema,
  runCustomAppRequestSchema,
  runValuesSchemaFor,
  updateCustomAppRequestSchema,
  validationFailure,
  streamEventSchema,
} from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdministrator } from '../auth/auth-hook';
import { requireCreateYourOwn as createYourOwnGuard } from '../custom-apps/create-your-own-setting';
import { customAppAnswers, customAppFor, refuseApp, refuseStale } from '../custom-apps/custom-app-access';
import { customAppDocumentPrompts, customAppMessages } from '../custom-apps/custom-app-prompt';
import type { CustomAppsRepository } from '../custom-apps/custom-apps-repository';
import type { FilesRepository } from '../db/repositories/files-repository';
import type { SettingsRepository } from '../db/repositories/settings-repository';
import { sendError } from '../http/send-error';
import type { ModelProvider } from '../inference/model-provider';
import { streamTextAnswer } from '../inference/stream-text-answer';
import { readDocumentText } from '../use-cases/document-text';
import type { ContextSettings } from '../use-cases/long-text/context-budget';
import { streamLongTextAnswer } from '../use-cases/long-text/long-text-answer';
import { errorResponses } from '../http/error-responses';
import { noContentResponse, streamResponse } from '../http/declared-responses';
import type { SharingLookup } from '../sharing/shareable-kind';

export interface CustomAppServices {
  apps: CustomAppsRepository;
  settings: SettingsRepository;
  models: ModelProvider;
  /** The documents a run may work over (`file_id`). */
  files: FilesRepository;
  /** MODEL_CONTEXT_TOKENS (and per model): when a run over a document works in parts. */
  context: ContextSettings;
  /** MODEL_MAX_TOKENS. */
  maxTokens: number;
  /** How listed apps reach their viewer (SharesRepository.sharingOf). */
  sharingOf: SharingLookup;
}

/**
 * Custom apps, "create your own" (docs/custom-apps.md; contract custom-apps.ts):
 *
 * - GET /custom-apps: the user's personal apps, those shared with them and the company's, each
 *   with its `sharing`. GET /custom-apps/{id}: one.
 * - POST /custom-apps (201), PUT /custom-apps/{id} (the whole definition with the `version` it is
 *   based on; 409 `conflict` with `current` when it is stale; the owner and edit recipients),
 *   DELETE /custom-apps/{id} (204; the owner).
 * - POST /custom-apps/{id}/publish and /unpublish: administrators only (403 for others); a
 *   company app is read and run by everyone and changed by administrators only (403).
 * - POST /custom-apps/{id}/run: the values checked against the app's variables (400 with the path
 *   ["body", "values", name]), then the answer of the default model streamed as JSON lines of the
 *   stream envelope (like POST /easy-language: 503/502/504 before streaming, an `error` line after).
 *   With `file_id`, over a document the user may read, in parts with progress lines when it is
 *   longer than the model's context (use-cases/long-text/long-text-answer.ts).
 * - Versions, restore, duplicate, export and import: custom-app-history.ts (registered beside this).
 *
 * Creating, saving and publishing need the customization's `create_your_own_enabled` (else 403
 * `forbidden`, before the body is looked at); reading, running, deleting and unpublishing do not.
 * An app the user may not read (the access rule: owner, shared with them or a group of theirs,
 * company) is a 404 everywhere, like a missing one.
 */
export const customAppRoutes: FastifyPluginAsyncZod<CustomAppServices> = async (app, { apps, settings, models, files, context, maxTokens, sharingOf }) => {
  /** onRequest hook of the routes that create or change an app's definition or publish it. */
  const requireCreateYourOwn = createYourOwnGuard(settings);
  const answers = customAppAnswers(sharingOf);

  app.get('/custom-apps', { schema: { response: { 200: customAppListResponseSchema } } }, async (request) => {
    const viewer = request.viewer;
    return { apps: await answers.many(await apps.listVisible(viewer), viewer) };
  });

  app.post(
    '/custom-apps',
    { onRequest: requireCreateYourOwn, schema: { body: createCustomAppRequestSchema, response: { 201: customAppSchema, ...errorResponses(403) } } },
    async (request, reply) => {
      const viewer = request.viewer;
      const created = await apps.create(viewer.sub, request.body);
      if (created === 'tooManyApps') return refuseApp(reply, 'tooManyApps');
      request.log.info({ customAppId: created.id, variables: created.variables.length }, 'custom app created');
      return reply.code(201).send(await answers.one(created, viewer));
    },
  );

  app.get('/custom-apps/:id', { schema: { params: customAppIdParamsSchema, response: { 200: customAppSchema } } }, async (request, reply) => {
    const found = await customAppFor(apps, request, reply, request.params.id, 'read');
    return found ? answers.one(found, request.viewer) : reply;
  });

  app.put(
    '/custom-apps/:id',
    {
      onRequest: requireCreateYourOwn,
      schema: {
        params: customAppIdParamsSchema,
        body: updateCustomAppRequestSchema,
        response: { 200: customAppSchema, 409: customAppConflictSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      const viewer = request.viewer;
      const found = await customAppFor(apps, request, reply, request.params.id, 'edit');
      if (!found) return reply;
      const { version, ...definition } = request.body;
      const saved = await apps.update(found.id, definition, version, viewer);
      if (saved !== 'stale' && saved !== undefined) return answers.one(saved, viewer);
      // Changed since the editor loaded it (or deleted, or no longer visible): the current app, if any.
      const current = await apps.findVisible(found.id, viewer);
      if (saved === undefined || !current) return refuseApp(reply, 'notFound');
      return refuseStale(reply, await answers.one(current, viewer));
    },
  );

  app.delete('/custom-apps/:id', { schema: { params: customAppIdParamsSchema, response: { ...noContentResponse, ...errorResponses(403) } } }, async (request, reply) => {
    const found = await customAppFor(apps, request, reply, request.params.id, 'delete');
    if (!found) return reply;
    if (!(await apps.delete(found.id))) return refuseApp(reply, 'notFound');
    request.log.info({ customAppId: found.id, visibility: found.visibility }, 'custom app deleted');
    return reply.code(204).send();
  });

  app.post(
    '/custom-apps/:id/publish',
    { onRequest: [requireAdministrator, requireCreateYourOwn], schema: { params: customAppIdParamsSchema, response: { 200: customAppSchema } } },
    async (request, reply) => {
      // Any app the administrator may read: their own, or one a colleague shared with them.
      const found = await customAppFor(apps, request, reply, request.params.id, 'read');
      if (!found) return reply;
      const published = await apps.setVisibility(found.id, 'company', request.viewer);
      if (!published) return refuseApp(reply, 'notFound');
      request.log.info({ customAppId: found.id }, 'custom app published for the company');
      return answers.one(published, request.viewer);
    },
  );

  app.post(
    '/custom-apps/:id/unpublish',
    { onRequest: requireAdministrator, schema: { params: customAppIdParamsSchema, response: { 200: customAppSchema } } },
    async (request, reply) => {
      const found = await customAppFor(apps, request, reply, request.params.id, 'edit');
      if (!found) return reply;
      // Back to its owner's personal apps (the administrator who unpublishes it may not be the owner).
      const unpublished = await apps.setVisibility(found.id, 'personal', request.viewer);
      if (!unpublished) return refuseApp(reply, 'notFound');
      request.log.info({ customAppId: found.id }, 'custom app unpublished');
      return answers.one(unpublished, request.viewer);
    },
  );

  app.post(
    '/custom-apps/:id/run',
    { schema: { params: customAppIdParamsSchema, body: runCustomAppRequestSchema, response: { ...streamResponse(streamEventSchema), ...errorResponses(403, 422) } }, config: { modelLimits: true, usageFeature: 'apps' } },
    async (request, reply) => {
      const found = await customAppFor(apps, request, reply, request.params.id, 'read');
      if (!found) return reply;
      const checked = runValuesSchemaFor(found).safeParse(request.body.values);
      if (!checked.success) {
        const failure = validationFailure(
          'body',
          checked.error.issues.map((issue) => ({ path: ['values', ...issue.path.map((part) => (typeof part === 'number' ? part : String(part)))], message: issue.message, code: issue.code })),
        );
        return sendError(reply, 400, failure.message, { code: failure.code, issues: failure.issues });
      }

      const fileId = request.body.file_id;
      const answer = {
        models,
        what: 'The app',
        logLabel: 'custom app run',
        needsModel: 'running an app',
        onStreaming: (model: string) => request.log.info({ customAppId: found.id, visibility: found.visibility, model, document: fileId !== undefined }, 'custom app run'),
      };
      if (fileId === undefined) return streamTextAnswer(request, reply, { ...answer, messages: customAppMessages(found, checked.data) });
      const document = await readDocumentText(files, request, reply, { fileId, maxCharacters: CUSTOM_APP_DOCUMENT_MAX_CHARACTERS, work: 'an app run' });
      if (!document) return reply;
      return streamLongTextAnswer(request, reply, {
        ...answer,
        text: document.text,
        prompts: customAppDocumentPrompts(found, checked.data, document.title),
        context,
        maxTokens,
      });
    },
  );
};
