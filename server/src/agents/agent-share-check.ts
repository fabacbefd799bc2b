import type { AgentShareCheckResponse, ShareTarget } from '@assistant/contracts';
import type { Viewer } from '../auth/principal';
import type { Database } from '../db/database';
import { collectionRule } from '../sharing/access-rule';
import type { DirectoryRepository } from '../sharing/directory-repository';

const COLLECTION_COLUMNS = { id: 'collections.id', owner: 'collections.owner_id', scope: 'collections.scope' };

/** No user has the empty subject: a viewer with it owns nothing and is named by no user share. */
const NOBODY = '';

/**
 * The knowledge check of sharing an agent (docs/agents.md#sharing): an agent answers each user from
 * the collections that user may read, so sharing it with someone who cannot read its knowledge
 * shares an agent that knows less. Before the share dialog saves, it asks which of the agent's
 * collections each draft target may not read, through the collection access rule:
 *
 * - a group as a viewer whose only group it is (what every member may read at least),
 * - a person with the groups the directory last saw them with (never as an administrator),
 * - the company as a viewer without groups.
 */
export class AgentShareCheck {
  constructor(
    private readonly db: Database,
    private readonly directory: Pick<DirectoryRepository, 'groupsOf'>,
  ) {}

  private async viewerOf(target: ShareTarget): Promise<Viewer> {
    if (target.type === 'user') return { sub: target.id, isAdmin: false, groups: await this.directory.groupsOf(target.id) };
    return { sub: NOBODY, isAdmin: false, groups: target.type === 'group' ? [target.id] : [] };
  }

  /** Which of `ids` the viewer may read. */
  private async readable(viewer: Viewer, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('collections')
      .select(['collections.id', 'collections.name', 'collections.scope', 'collections.owner_id'])
      .where('collections.id', 'in', [...ids])
      .where(collectionRule.readable(viewer, COLLECTION_COLUMNS))
      .execute();
  }

  /**
   * The agent's collections (those the caller may read, in the agent's order) that some of
   * `targets` may not read, each with those targets and whether the caller may share it: the
   * owner of a personal collection may; a company collection's groups are the administrators'.
   */
  async check(caller: Viewer, collectionIds: readonly string[], targets: readonly ShareTarget[]): Promise<AgentShareCheckResponse['collections']> {
    const known = await this.readable(caller, collectionIds);
    const ids = known.map((collection) => collection.id);
    const readers = await Promise.all(
      targets.map(async (target) => ({ target, reads: new Set((await this.readable(await this.viewerOf(target), ids)).map((row) => row.id)) })),
    );
    const byId = new Map(known.map((collection) => [collection.id, collection]));
    return collectionIds.flatMap((id) => {
      const collection = byId.get(id);
      if (!collection) return [];
      const missing = readers.filter((reader) => !reader.reads.has(id)).map((reader) => reader.target);
      if (missing.length === 0) return [];
      const canShare = collection.scope === 'personal' && collection.owner_id === caller.sub;
      return [{ id, name: collection.name, not_readable_by: missing, can_share: canShare }];
    });
  }
}
