import type { CustomApp } from '@assistant/contracts';

/**
 * Whether the user is the app's owner (administrators, for a company app): who shares and deletes
 * it. Editors (an edit share) change it and see its versions (`can_edit`), viewers run and copy it.
 */
export const ownsApp = (app: Pick<CustomApp, 'sharing'>) => app.sharing?.access === 'owner';

/** A personal app someone shared with the user (to run, or to edit too). */
export const sharedWithMe = (app: Pick<CustomApp, 'sharing' | 'visibility'>) => app.visibility === 'personal' && !ownsApp(app);
