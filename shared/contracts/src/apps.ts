import { z } from 'zod';

/**
 * The apps page (SPEC section 2, home page with enableHomepage): one tile per tool. Built-in apps
 * have fixed ids (also the ids the customization's `default_applications` orders); a custom app
 * ("create your own", custom-apps.ts) is named by its uuid. The spec shows no calls for
 * favourites; the route is this project's: GET|PUT /api/apps/favourites.
 */
export const BUILT_IN_APP_IDS = [
  'chat',
  'qa',
  'translate',
  'easy-language',
  'summarize',
  'generate',
  'transcribe',
  'agents',
  'collections',
  'create-your-own',
] as const;
export type BuiltInAppId = (typeof BUILT_IN_APP_IDS)[number];

/** The most favourites a user keeps. */
export const APP_FAVOURITES_MAX = 50;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isBuiltInAppId(id: string): id is BuiltInAppId {
  return (BUILT_IN_APP_IDS as readonly string[]).includes(id);
}

/** True for the id of a custom app (a uuid), false for a built-in app's id. */
export function isCustomAppId(id: string): boolean {
  return UUID_PATTERN.test(id);
}

/** One app: a built-in app's id or a custom app's uuid. */
export const appIdSchema = z
  .string({ error: 'Must be an app id' })
  .refine(
    (id) => isBuiltInAppId(id) || isCustomAppId(id),
    `Must be the id of a custom app (a UUID) or a built-in app: ${BUILT_IN_APP_IDS.join(', ')}`,
  );

/** The favourites in the user's order, no app twice. */
export const appFavouriteIdsSchema = z
  .array(appIdSchema, { error: 'Must be a list of app ids' })
  .max(APP_FAVOURITES_MAX, `Must not hold more than ${APP_FAVOURITES_MAX} apps`)
  .superRefine((ids, ctx) => {
    const seen = new Set<string>();
    ids.forEach((id, index) => {
      const key = id.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: `"${id}" is already a favourite`, path: [index] });
      seen.add(key);
    });
  });

/**
 * GET /api/apps/favourites answers the user's favourites (custom apps they can no longer see are
 * left out); PUT replaces them and answers the stored list. A custom app's id must be one the
 * user can see (else a 400 naming the entry).
 */
export const appFavouritesSchema = z.strictObject({ app_ids: appFavouriteIdsSchema });
export type AppFavourites = z.infer<typeof appFavouritesSchema>;
