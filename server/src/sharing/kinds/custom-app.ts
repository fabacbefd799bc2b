import { managesApp } from '../../custom-apps/custom-app-access';
import type { CustomAppsRepository } from '../../custom-apps/custom-apps-repository';
import type { ShareableKind } from '../shareable-kind';

export const COMPANY_APP_NOT_SHARED = 'A company app is everyone’s already; unpublish it to share it with people and groups';

/**
 * Custom apps (docs/custom-apps.md "Sharing"): a personal app's owner shares it with people,
 * groups or the company, to run and copy or to edit (save new versions); editors neither delete
 * nor share it. A company app is everyone's: its administrators may only stop old shares.
 */
export function customAppKind(apps: CustomAppsRepository): ShareableKind {
  return {
    kind: 'custom_app',
    roles: ['view', 'edit'],
    async findManageable(viewer, id) {
      const app = await apps.findVisible(id, viewer);
      if (!app || !managesApp(app, viewer)) return undefined;
      return { id: app.id, name: app.name, ownerSub: app.visibility === 'company' ? null : app.ownerId };
    },
    nameOf: (ids) => apps.namesOf(ids),
    refuse: (item, update) => (item.ownerSub === null && update.shares.length > 0 ? COMPANY_APP_NOT_SHARED : undefined),
  };
}
