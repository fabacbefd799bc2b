import type { ToolEvent } from '@assistant/contracts';
import type { Database } from '../db/database';

/**
 * Writes an answer's tool steps (begin, end or error of each call) to its message, known only once
 * the answer is done; only a message of the owner's conversation is touched.
 * (The conversations repository writes them when the message is added; this is the later write.)
 */
export async function storeToolEvents(db: Database, owner: string, conversationId: string, messageId: string, events: readonly ToolEvent[]): Promise<void> {
  await db
    .updateTable('messages')
    .set({ tool_events: JSON.stringify(events) })
    .where('message_id', '=', messageId)
    .where('conversation_id', '=', conversationId)
    .where('conversation_id', 'in', (eb) => eb.selectFrom('conversations').select('id').where('owner_id', '=', owner))
    .execute();
}
