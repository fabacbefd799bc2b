import type { Database } from '../../db/database';
import { ConversationSnapshotsRepository } from '../conversation-snapshots-repository';
import type { ShareableKind } from '../shareable-kind';

/**
 * A conversation is shared as a read-only snapshot (docs/chat.md "Sharing a conversation"): its
 * owner alone manages its sharing, recipients only view it. Every change of its list takes the
 * snapshot again in the same transaction (sharing again updates what recipients read), with the
 * attachments only when the owner says so; an empty list removes the snapshot.
 */
export function conversationKind(deps: { db: Database }): ShareableKind {
  const snapshots = new ConversationSnapshotsRepository(deps.db);
  return {
    kind: 'conversation',
    roles: ['view'],
    findManageable: (viewer, id) => snapshots.findManageable(viewer, id),
    nameOf: (ids) => snapshots.titles(ids),
    listDetails: async (item) => ({ include_attachments: await snapshots.includesAttachments(item.id) }),
    async afterChange(trx, item, update, viewer) {
      if (update.shares.length === 0) await snapshots.remove(trx, viewer.sub, item.id);
      else await snapshots.take(trx, viewer.sub, item.id, update.include_attachments ?? false);
    },
  };
}
