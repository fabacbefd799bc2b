import { randomUUID } from 'node:crypto';
import {
  REMEMBER_TOOL_NAME,
  conversationSnapshotSchema,
  inContextSourcesResponseSchema,
  snapshotMessageSchema,
  type Conversation,
  type ConversationSnapshot,
  type ConversationSnapshotUpload,
  type Message,
  type SnapshotMessage,
  type ToolEvent,
} from '@assistant/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Viewer } from '../auth/principal';
import type { Database } from '../db/database';
import { ConversationsRepository, type NewMessage } from '../db/repositories/conversations-repository';
import { conversationSnapshotRule } from './access-rule';
import type { ShareableItem } from './shareable-kind';

const storedMessagesSchema = z.array(snapshotMessageSchema);
const storedSourcesSchema = z.object({ in_context: inContextSourcesResponseSchema });

/** A snapshot's attachment as the file route serves it. */
export interface SnapshotFile {
  id: string;
  name: string;
  media_type: string;
  storage_key: string;
}

/**
 * The root-to-leaf branch the owner's view opens with: from the newest message up through its
 * parents (chat-ui's message tree shows the newest leaf's branch first).
 */
export function newestBranch(messages: readonly Message[]): Message[] {
  const byId = new Map(messages.map((message) => [message.message_id, message]));
  const branch: Message[] = [];
  const seen = new Set<string>();
  for (let message = messages.at(-1); message && !seen.has(message.message_id); ) {
    seen.add(message.message_id);
    branch.unshift(message);
    message = message.parent_message_id === null ? undefined : byId.get(message.parent_message_id);
  }
  return branch;
}

/**
 * The read-only snapshots of shared conversations (migration 0026, docs/chat.md "Sharing a
 * conversation"). Reads go through the conversation's access rule (owner, or shared with the
 * viewer, a group of theirs or the company; administrators are no exception); taking and removing
 * a snapshot is the conversation kind's (sharing/kinds/conversation.ts), in the transaction that
 * changed its shares.
 */
export class ConversationSnapshotsRepository {
  constructor(private readonly db: Database) {}

  /**
   * The item whose sharing the viewer manages: their server conversation, or the snapshot of a
   * conversation they keep in their browser. Anyone else's is undefined (the route's 404).
   */
  async findManageable(viewer: Viewer, id: string, db: Database = this.db): Promise<ShareableItem | undefined> {
    const conversation = await new ConversationsRepository(db).find(viewer.sub, id);
    if (conversation) return { id, name: conversation.name, ownerSub: viewer.sub };
    const snapshot = await db
      .selectFrom('conversation_snapshots')
      .select('title')
      .where('conversation_id', '=', id)
      .where('owner_sub', '=', viewer.sub)
      .where('local_conversation_id', 'is not', null)
      .executeTakeFirst();
    return snapshot && { id, name: snapshot.title, ownerSub: viewer.sub };
  }

  /** The titles of the snapshots that still exist, for the recipients' lists. */
  async titles(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('conversation_snapshots').select(['conversation_id', 'title']).where('conversation_id', 'in', [...ids]).execute();
    return new Map(rows.map((row) => [row.conversation_id, row.title]));
  }

  /** Whether the snapshot carries the attachments (false when there is none: the dialog's default). */
  async includesAttachments(id: string): Promise<boolean> {
    const row = await this.db.selectFrom('conversation_snapshots').select('include_attachments').where('conversation_id', '=', id).executeTakeFirst();
    return row?.include_attachments ?? false;
  }

  /**
   * Takes the snapshot of the owner's server conversation now: its newest branch with each
   * answer's tool steps and the sources judged so far (with their marks), and the questions'
   * attachments only when `includeAttachments`. Replaces an earlier one. A conversation kept in the
   * browser has no server copy to take: its snapshot keeps the content its owner sent last.
   */
  async take(db: Database, owner: string, id: string, includeAttachments: boolean): Promise<void> {
    const conversations = new ConversationsRepository(db);
    const [conversation, messages] = await Promise.all([conversations.find(owner, id), conversations.messages(owner, id)]);
    if (!conversation || !messages) {
      await db.updateTable('conversation_snapshots').set({ include_attachments: false }).where('conversation_id', '=', id).where('owner_sub', '=', owner).execute();
      return;
    }
    const branch = newestBranch(messages.filter((message) => message.role !== 'system'));
    const answers = branch.filter((message) => message.role === 'assistant').map((message) => message.message_id);
    const traces =
      answers.length === 0
        ? []
        : await db
            .selectFrom('grounding_traces')
            .select(['message_id', 'sources'])
            .where('conversation_id', '=', id)
            .where('owner_id', '=', owner)
            .where('message_id', 'in', answers)
            .where('sources', 'is not', null)
            .orderBy('created_at', 'asc')
            .execute();
    // The newest trace of an answer wins (a retried answer keeps its id).
    const sourcesOf = new Map<string, SnapshotMessage['sources']>();
    for (const trace of traces) {
      const parsed = storedSourcesSchema.safeParse(trace.sources);
      if (parsed.success && trace.message_id) sourcesOf.set(trace.message_id, parsed.data.in_context.highlighted_sources);
    }
    const snapshot: SnapshotMessage[] = branch.map((message) => {
      const sources = sourcesOf.get(message.message_id);
      return {
        role: message.role === 'user' ? 'user' : 'assistant',
        content: message.content,
        status: message.status,
        created_at: message.created_at,
        ...(message.model ? { model: message.model } : {}),
        ...(message.reasoning ? { reasoning: message.reasoning } : {}),
        ...stepsToShare(message.tool_events),
        ...(sources ? { sources } : {}),
        ...(includeAttachments && message.attachments?.length ? { attachments: message.attachments } : {}),
      };
    });
    const values = { title: conversation.name, messages: JSON.stringify(snapshot), include_attachments: includeAttachments, taken_at: new Date() };
    await db
      .insertInto('conversation_snapshots')
      .values({ conversation_id: id, owner_sub: owner, local_conversation_id: null, ...values })
      .onConflict((oc) => oc.column('conversation_id').doUpdateSet(values))
      .execute();
  }

  /** Removes the owner's snapshot (no longer shared, or its conversation deleted). */
  async remove(db: Database, owner: string, id: string): Promise<void> {
    await db.deleteFrom('conversation_snapshots').where('conversation_id', '=', id).where('owner_sub', '=', owner).execute();
  }

  /**
   * Stores what the owner's browser sent of a conversation it keeps: a new snapshot, or the same
   * browser conversation's snapshot with its content replaced. Answers its id and whether it is new.
   */
  async upload(owner: string, upload: ConversationSnapshotUpload): Promise<{ id: string; created: boolean }> {
    const now = new Date();
    const messages: SnapshotMessage[] = upload.messages.map((message) => ({
      role: message.role,
      content: message.content,
      status: message.status,
      created_at: message.created_at ?? now.toISOString(),
      ...(message.model ? { model: message.model } : {}),
    }));
    const values = { title: upload.title, messages: JSON.stringify(messages), taken_at: now };
    const row = await this.db
      .insertInto('conversation_snapshots')
      .values({ conversation_id: randomUUID(), owner_sub: owner, local_conversation_id: upload.local_conversation_id, include_attachments: false, ...values })
      .onConflict((oc) => oc.columns(['owner_sub', 'local_conversation_id']).doUpdateSet(values))
      // xmax is 0 for a row this statement inserted (PostgreSQL and PGlite alike).
      .returning(['conversation_id', sql<boolean>`xmax = 0`.as('created')])
      .executeTakeFirstOrThrow();
    return { id: row.conversation_id, created: row.created };
  }

  /** The snapshot when the viewer may read it (its owner, or whom it is shared with); undefined otherwise. */
  async find(viewer: Viewer, id: string): Promise<ConversationSnapshot | undefined> {
    const row = await this.db
      .selectFrom('conversation_snapshots as cs')
      .leftJoin('directory_users as owner', 'owner.sub', 'cs.owner_sub')
      .select(['cs.conversation_id', 'cs.owner_sub', 'cs.local_conversation_id', 'cs.title', 'cs.messages', 'cs.include_attachments', 'cs.taken_at', 'owner.name as owner_name'])
      .where('cs.conversation_id', '=', id)
      .where(conversationSnapshotRule.readable(viewer, { id: 'cs.conversation_id', owner: 'cs.owner_sub' }))
      .executeTakeFirst();
    if (!row) return undefined;
    return conversationSnapshotSchema.parse({
      id: row.conversation_id,
      title: row.title,
      owner: { sub: row.owner_sub, name: row.owner_name ?? row.owner_sub },
      is_owner: row.owner_sub === viewer.sub,
      kept_in_browser: row.local_conversation_id !== null,
      include_attachments: row.include_attachments,
      taken_at: new Date(row.taken_at).toISOString(),
      messages: storedMessagesSchema.parse(row.messages),
    });
  }

  /**
   * "Continue in my own chat": a new conversation of the viewer, named like the snapshot, with its
   * messages as one branch (text, model and status; tool steps, sources and attachments stay the
   * sharer's), in one transaction. Undefined when the viewer may not read the snapshot.
   */
  async continueAs(viewer: Viewer, id: string): Promise<Conversation | undefined> {
    const snapshot = await this.find(viewer, id);
    if (!snapshot) return undefined;
    return this.db.transaction().execute(async (trx) => {
      const conversations = new ConversationsRepository(trx);
      const conversation = await conversations.create(viewer.sub, snapshot.title);
      let parent: string | null = null;
      const messages: NewMessage[] = snapshot.messages.map((message) => {
        const copy: NewMessage = {
          message_id: randomUUID(),
          parent_message_id: parent,
          role: message.role,
          content: message.content,
          // An answer that was still being written when the snapshot was taken reads as stopped there.
          status: message.status === 'streaming' ? 'stopped' : message.status,
          model: message.model,
        };
        parent = copy.message_id;
        return copy;
      });
      await conversations.addMessages(viewer.sub, conversation.id, messages);
      return (await conversations.find(viewer.sub, conversation.id)) ?? conversation;
    });
  }

  /**
   * An attachment of the snapshot the viewer may read: only when its owner shared the attachments,
   * the snapshot names the file, and the file is still one of the conversation's attachments.
   */
  async attachment(viewer: Viewer, id: string, fileId: string): Promise<SnapshotFile | undefined> {
    const snapshot = await this.find(viewer, id);
    if (!snapshot?.include_attachments) return undefined;
    const named = snapshot.messages.some((message) => message.attachments?.some((attachment) => attachment.file_id === fileId));
    if (!named) return undefined;
    return this.db
      .selectFrom('files')
      .innerJoin('collections', 'collections.id', 'files.collection_id')
      .select(['files.id', 'files.name', 'files.media_type', 'files.storage_key'])
      .where('files.id', '=', fileId)
      .where('collections.scope', '=', 'conversation')
      .where('collections.conversation_id', '=', id)
      .where('collections.owner_id', '=', snapshot.owner.sub)
      .executeTakeFirst();
  }
}

/** An answer's steps as others may see them: a memory it saved is the owner's alone (docs/memory.md), never shared. */
function stepsToShare(events: readonly ToolEvent[] | undefined): { tool_events?: ToolEvent[] } {
  const shared = events?.filter((event) => event.name !== REMEMBER_TOOL_NAME) ?? [];
  return shared.length > 0 ? { tool_events: shared } : {};
}
