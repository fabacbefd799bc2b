import { CUSTOM_APP_ERRORS, type CustomApp } from '@assistant/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Viewer } from '../auth/principal';
import { errorBody, sendRefusal } from '../http/send-error';
import type { CustomAppRecord, CustomAppsRepository } from './custom-apps-repository';

/** A personal app is changed by its owner alone; a company app by administrators alone. */
export function canEdit(app: CustomAppRecord, viewer: Viewer): boolean {
  return app.visibility === 'company' ? viewer.isAdmin : app.ownerId === viewer.sub;
}

/** The app as the API answers it to this viewer. */
export function toCustomApp(app: CustomAppRecord, viewer: Viewer): CustomApp {
  return {
    id: app.id,
    name: app.name,
    icon: app.icon,
    description: app.description,
    template: app.template,
    variables: app.variables,
    visibility: app.visibility,
    version: app.version,
    can_edit: canEdit(app, viewer),
    created_at: app.createdAt.toISOString(),
    updated_at: app.updatedAt.toISOString(),
  };
}

/** Sends one of the contract's custom app refusals. */
export function refuseApp(reply: FastifyReply, which: keyof typeof CUSTOM_APP_ERRORS) {
  return sendRefusal(reply, CUSTOM_APP_ERRORS[which]);
}

/**
 * The 409 of a change based on an old version (a save, a restore): the error with the app as it
 * is now, so the editor can offer to load it.
 */
export function refuseStale(reply: FastifyReply, current: CustomAppRecord, viewer: Viewer) {
  const { statusCode, code, message } = CUSTOM_APP_ERRORS.staleVersion;
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send({ ...errorBody(statusCode, message, { code }), current: toCustomApp(current, viewer) });
}

/**
 * Finds an app for the request: 404 when the user may not see it (another user's personal app
 * does not exist for them), 403 when they may see but not change it (a company app, not an
 * administrator). Answers undefined after sending the refusal.
 */
export async function customAppFor(
  apps: CustomAppsRepository,
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
  need: 'read' | 'edit',
): Promise<CustomAppRecord | undefined> {
  const viewer = request.viewer;
  const app = await apps.findVisible(id, viewer);
  if (!app) {
    await refuseApp(reply, 'notFound');
    return undefined;
  }
  if (need === 'edit' && !canEdit(app, viewer)) {
    await refuseApp(reply, 'companyReadOnly');
    return undefined;
  }
  return app;
}
