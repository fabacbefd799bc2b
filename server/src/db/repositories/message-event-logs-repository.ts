import type { Database } from '../database';

/**
 * The raw stream events of answers given in developer mode (docs/developer-mode.md), one row per
 * answer, for the conversation's JSON-lines download. Only the owner's conversation is written or
 * read; the rows go with their message or conversation.
 */
export class MessageEventLogsRepository {
  constructor(private readonly db: Database) {}

  /** Keeps an answer's lines (each ending in a newline); false when the message is not in the owner's conversation. */
  async save(owner: string, conversationId: string, messageId: string, events: string): Promise<boolean> {
    const result = await this.db
      .insertInto('message_event_logs')
      .columns(['message_id', 'conversation_id', 'events'])
      .expression((eb) =>
        eb
          .selectFrom('messages')
          .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
          .select((inner) => [inner.ref('messages.message_id').as('message_id'), inner.ref('messages.conversation_id').as('conversation_id'), inner.val(events).as('events')])
          .where('messages.message_id', '=', messageId)
          .where('messages.conversation_id', '=', conversationId)
          .where('conversations.owner_id', '=', owner),
      )
      .onConflict((oc) => oc.column('message_id').doUpdateSet({ events }))
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * The owner's conversation's logged events, oldest answer first, as one JSON-lines text; undefined
   * when the conversation is not the owner's (or not there).
   */
  async forConversation(owner: string, conversationId: string): Promise<string | undefined> {
    const conversation = await this.db.selectFrom('conversations').select('id').where('id', '=', conversationId).where('owner_id', '=', owner).executeTakeFirst();
    if (!conversation) return undefined;
    const rows = await this.db
      .selectFrom('message_event_logs')
      .select('events')
      .where('conversation_id', '=', conversationId)
      .orderBy('created_at')
      .orderBy('message_id')
      .execute();
    return rows.map((row) => row.events).join('');
  }
}
