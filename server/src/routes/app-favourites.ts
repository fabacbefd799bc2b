import { appFavouritesSchema, isCustomAppId, validationFailure } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppFavouritesRepository } from '../custom-apps/app-favourites-repository';
import type { CustomAppsRepository } from '../custom-apps/custom-apps-repository';
import { sendError } from '../http/send-error';

/**
 * The apps page's per-user favourites (contract apps.ts): GET /apps/favourites answers the user's
 * list in their order, leaving out custom apps they can no longer see (deleted, unpublished);
 * PUT /apps/favourites replaces it (400 for an unknown id, a duplicate, more than
 * APP_FAVOURITES_MAX, or a custom app the user cannot see, named by its index) and answers the
 * stored list. Each user's list is their own.
 */
export const appFavouriteRoutes: FastifyPluginAsyncZod<{ favourites: AppFavouritesRepository; apps: CustomAppsRepository }> = async (
  app,
  { favourites, apps },
) => {
  app.get('/apps/favourites', { schema: { response: { 200: appFavouritesSchema } } }, async (request) => {
    const stored = await favourites.read(request.principal.sub);
    const visible = await apps.visibleIds(stored.filter(isCustomAppId), request.viewer);
    return { app_ids: stored.filter((id) => !isCustomAppId(id) || visible.has(id)) };
  });

  app.put('/apps/favourites', { schema: { body: appFavouritesSchema, response: { 200: appFavouritesSchema } } }, async (request, reply) => {
    // PostgreSQL writes uuids in lower case; so do the stored favourites.
    const ids = request.body.app_ids.map((id) => (isCustomAppId(id) ? id.toLowerCase() : id));
    const visible = await apps.visibleIds(ids.filter(isCustomAppId), request.viewer);
    const unknown = ids.flatMap((id, index) => (isCustomAppId(id) && !visible.has(id) ? [index] : []));
    if (unknown.length > 0) {
      const failure = validationFailure(
        'body',
        unknown.map((index) => ({ path: ['app_ids', index], message: 'No such app', code: 'custom' })),
      );
      return sendError(reply, 400, failure.message, { code: failure.code, issues: failure.issues });
    }
    await favourites.write(request.principal.sub, ids);
    return { app_ids: ids };
  });
};
