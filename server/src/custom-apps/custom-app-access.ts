import { CUSTOM_APP_ERRORS, type CustomApp } from '@assistant/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Viewer } from '../auth/principal';
import { errorBody, sendRefusal } from '../http/send-error';
import type { SharingLookup } from '../sharing/shareable-kind';
import type { CustomAppRecord, CustomAppsRepository } from './custom-apps-repository';

/**
 * Who deletes an app and manages its sharing: its owner, administrators for a company app. Editors
 * (an edit share) save versions but neither delete nor share it.
 */
export function managesApp(app: Pick<CustomAppRecord, 'visibility' | 'ownerId'>, viewer: Viewer): boolean {
  return app.visibility === 'company' ? viewer.isAdmin : app.ownerId === viewer.sub;
}

/** The app as the API answers it to the viewer it was read for, without its sharing. */
function toCustomApp(app: CustomAppRecord): CustomApp {
  return {
    id: app.id,
    name: app.name,
    icon: app.icon,
    description: app.description,
    template: app.template,
    variables: app.variables,
    visibility: app.visibility,
    version: app.version,
    can_edit: app.editable,
    created_at: app.createdAt.toISOString(),
    updated_at: app.updatedAt.toISOString(),
  };
}

/**
 * The apps as the API answers them to the viewer they were read for, each with how it reaches
 * them: every answer carries it, so a client's cached copy never loses it.
 */
export function customAppAnswers(sharingOf: SharingLookup) {
  const many = async (apps: readonly CustomAppRecord[], viewer: Viewer): Promise<CustomApp[]> => {
    const found = await sharingOf('custom_app', apps.map((app) => ({ id: app.id, ownerSub: app.visibility === 'company' ? null : app.ownerId })), viewer);
    return apps.map((app) => ({ ...toCustomApp(app), sharing: found.get(app.id) }));
  };
  return { many, one: async (app: CustomAppRecord, viewer: Viewer): Promise<CustomApp> => (await many([app], viewer))[0]! };
}
export type CustomAppAnswers = ReturnType<typeof customAppAnswers>;

/** Sends one of the contract's custom app refusals. */
export function refuseApp(reply: FastifyReply, which: keyof typeof CUSTOM_APP_ERRORS) {
  return sendRefusal(reply, CUSTOM_APP_ERRORS[which]);
}

/**
 * The 409 of a change based on an old version (a save, a restore): the error with the app as it
 * is now, so the editor can offer to load it.
 */
export function refuseStale(reply: FastifyReply, current: CustomApp) {
  const { statusCode, code, message } = CUSTOM_APP_ERRORS.staleVersion;
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send({ ...errorBody(statusCode, message, { code }), current });
}

/**
 * Finds an app for the request through the access rule: 404 when the user may not read it (as if
 * it did not exist), 403 when they may read but not do what they ask: `edit` (save, restore, see
 * the history) is the owner's, edit recipients' and, for a company app, administrators';
 * `delete` is the owner's (administrators', a company app). Answers undefined after sending the
 * refusal.
 */
export async function customAppFor(
  apps: CustomAppsRepository,
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
  need: 'read' | 'edit' | 'delete',
): Promise<CustomAppRecord | undefined> {
  const viewer = request.viewer;
  const app = await apps.findVisible(id, viewer);
  if (!app) {
    await refuseApp(reply, 'notFound');
    return undefined;
  }
  if (need === 'edit' && !app.editable) {
    await refuseApp(reply, 'readOnly');
    return undefined;
  }
  if (need === 'delete' && !managesApp(app, viewer)) {
    await refuseApp(reply, 'notDeletable');
    return undefined;
  }
  return app;
}
