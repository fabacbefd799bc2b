import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Viewer } from '../auth/principal';
import { collectionRule } from '../sharing/access-rule';

/**
 * The collection rule (sharing/access-rule.ts) on the collections table of a query, by its alias
 * (`c`, or `collections` when not aliased): every list, single read, file, run, search, tool,
 * agent, research and sync reading of collections goes through these, so none decides on its own.
 */
const columns = (alias: string) => ({ id: `${alias}.id`, owner: `${alias}.owner_id`, scope: `${alias}.scope` });

/** A personal or company collection the viewer may read (a conversation's attachments are not). */
export function readableCollection(viewer: Viewer, alias: string): RawBuilder<SqlBool> {
  return collectionRule.readable(viewer, columns(alias));
}

/** A personal or company collection the viewer may add documents to and remove them from. */
export function editableCollection(viewer: Viewer, alias: string): RawBuilder<SqlBool> {
  return collectionRule.editable(viewer, columns(alias));
}

/**
 * The collection itself (its name, its deletion, its sharing) is its owner's; a company one the
 * administrators'. Editors change its documents only.
 */
export function ownedCollection(viewer: Viewer, alias: string): RawBuilder<SqlBool> {
  const personal = sql<SqlBool>`(${sql.ref(`${alias}.scope`)} = 'personal' and ${sql.ref(`${alias}.owner_id`)} = ${viewer.sub})`;
  return viewer.isAdmin ? sql<SqlBool>`(${personal} or ${sql.ref(`${alias}.scope`)} = 'company')` : personal;
}

/** The viewer's own conversations' attachments (never shared); `conversationId` narrows them to one conversation. */
function ownAttachments(viewer: Viewer, alias: string, conversationId?: string): RawBuilder<SqlBool> {
  const ofConversation = conversationId === undefined ? sql`` : sql`and ${sql.ref(`${alias}.conversation_id`)} = ${conversationId}`;
  return sql<SqlBool>`(${sql.ref(`${alias}.scope`)} = 'conversation' and ${sql.ref(`${alias}.owner_id`)} = ${viewer.sub} ${ofConversation})`;
}

/** `rule`, or one of the viewer's own conversations' attachments (of `conversationId` when given). */
export function orOwnAttachments(rule: RawBuilder<SqlBool>, viewer: Viewer, alias: string, conversationId?: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${rule} or ${ownAttachments(viewer, alias, conversationId)})`;
}
