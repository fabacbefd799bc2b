import type { Viewer } from '../auth/principal';
import type { Database } from '../db/database';

/** Whether the viewer may put conversations into the project: it is theirs. */
export function mayFileInto(db: Database) {
  return async (viewer: Viewer, projectId: string): Promise<boolean> => {
    const row = await db.selectFrom('projects').select('id').where('id', '=', projectId).where('owner_id', '=', viewer.sub).executeTakeFirst();
    return row !== undefined;
  };
}
