import type { ItemSharing, ShareItemKind, ShareListResponse, ShareRole, ShareUpdate } from '@assistant/contracts';
import type { Transaction } from 'kysely';
import type { Viewer } from '../auth/principal';
import type { DatabaseSchema } from '../db/schema';

/** An item whose sharing is being read or changed, as its kind knows it. */
export interface ShareableItem {
  id: string;
  /** Shown in the recipient's "shared with me" list and in the audit log's subject. */
  name: string;
  /** The sharer's subject; null for the company's items (collections, published agents and apps). */
  ownerSub: string | null;
}

/**
 * What the sharing routes (routes/shares.ts) need to know of one kind of item; each kind has its
 * file in sharing/kinds/ and one line in sharing/shareable-kinds.ts. The access rule of the kind
 * (sharing/access-rule.ts) decides reads and writes of the item itself; this decides its sharing.
 */
export interface ShareableKind {
  kind: ShareItemKind;
  /** The roles a recipient may be given (a conversation snapshot: view only). */
  roles: readonly ShareRole[];
  /**
   * The item when the viewer may manage its sharing (its owner; administrators for the company's
   * items), undefined otherwise: the route answers 404 either way, so nobody learns what exists.
   */
  findManageable(viewer: Viewer, id: string): Promise<ShareableItem | undefined>;
  /** The item's name for a recipient's list, when it still exists. */
  nameOf(ids: readonly string[]): Promise<Map<string, string>>;
  /** A refusal of this list for this item (a field message), checked before anything is stored. */
  refuse?(item: ShareableItem, update: ShareUpdate, viewer: Viewer): string | undefined;
  /** What the kind adds to its list's answer (a conversation: whether its snapshot carries the attachments). */
  listDetails?(item: ShareableItem): Promise<Pick<ShareListResponse, 'include_attachments'>>;
  /** Runs in the transaction that stored the new list (a conversation takes its snapshot here). */
  afterChange?(trx: Transaction<DatabaseSchema>, item: ShareableItem, update: ShareUpdate, viewer: Viewer): Promise<void>;
}

/** How listed items reach the viewer: what each kind's list answer carries per item. */
export type SharingLookup = (kind: ShareItemKind, items: ReadonlyArray<{ id: string; ownerSub: string | null }>, viewer: Viewer) => Promise<Map<string, ItemSharing>>;
