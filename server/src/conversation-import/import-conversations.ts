import { randomUUID } from 'node:crypto';
import type { Conversation, ExportedConversation, ExportedMessage, HighlightedSourcesItem, QaSourcesResponse } from '@assistant/contracts';
import type { Insertable } from 'kysely';
import type { Database } from '../db/database';
import { ConversationsRepository } from '../db/repositories/conversations-repository';
import { GroundingTracesRepository } from '../db/repositories/grounding-traces-repository';
import type { MessagesTable } from '../db/schema';

/** Rows of one insert: far below PostgreSQL's 65 535 parameters at 12 columns each. */
const MESSAGES_PER_INSERT = 500;
/** The model an imported answer's sources are stored with when the file does not name one. */
const UNKNOWN_MODEL = 'imported';

/**
 * Imports conversations of an export file (docs/chat-ui.md "Export and import") as new
 * conversations of `owner`, in one transaction: every message with a new id, its parent mapped
 * to the parent's new id, its dates, model, reasoning and tool steps as the file has them (an
 * answer still streaming when it was exported is stopped). An answer's judged sources are stored
 * as its grounding trace's computed sources, so GET .../sources answers them as it would have
 * (nothing is judged again). Answers the new conversations in the request's order.
 */
export async function importConversations(db: Database, owner: string, conversations: readonly ExportedConversation[]): Promise<Conversation[]> {
  return db.transaction().execute(async (trx) => {
    const traces = new GroundingTracesRepository(trx);
    const repository = new ConversationsRepository(trx);
    const created: Conversation[] = [];
    for (const conversation of conversations) {
      const id = randomUUID();
      await trx
        .insertInto('conversations')
        .values({ id, owner_id: owner, name: conversation.name, created_at: new Date(conversation.created_at), updated_at: new Date(conversation.updated_at) })
        .execute();
      const newIds = new Map(conversation.messages.map((message) => [message.id, randomUUID()]));
      const rows = conversation.messages.map((message): Insertable<MessagesTable> => ({
        message_id: newIds.get(message.id)!,
        conversation_id: id,
        parent_message_id: message.parent_id === null ? null : newIds.get(message.parent_id)!,
        role: message.role,
        content: message.content,
        status: message.status === 'streaming' ? 'stopped' : message.status,
        model: message.model ?? null,
        reasoning: message.reasoning ?? null,
        tool_events: message.tool_events?.length ? JSON.stringify(message.tool_events) : null,
        created_at: new Date(message.created_at),
        written_at: new Date(message.created_at),
      }));
      // The list's order is the file's (parents first), which `seq` keeps.
      for (let start = 0; start < rows.length; start += MESSAGES_PER_INSERT) {
        await trx.insertInto('messages').values(rows.slice(start, start + MESSAGES_PER_INSERT)).execute();
      }
      const byId = new Map(conversation.messages.map((message) => [message.id, message]));
      for (const message of conversation.messages) {
        if (message.role !== 'assistant' || !message.sources?.some((item) => item.supporting.length + item.conflicting.length > 0)) continue;
        const question = message.parent_id === null ? undefined : byId.get(message.parent_id);
        await storeSources(traces, owner, { conversationId: id, messageId: newIds.get(message.id)!, question, answer: message, sources: message.sources });
      }
      created.push((await repository.find(owner, id))!);
    }
    return created;
  });
}

async function storeSources(
  traces: GroundingTracesRepository,
  owner: string,
  found: { conversationId: string; messageId: string; question: ExportedMessage | undefined; answer: ExportedMessage; sources: HighlightedSourcesItem[] },
): Promise<void> {
  const traceId = await traces.create({
    owner,
    kind: 'chat',
    question: found.question?.content ?? '',
    windows: [],
    model: found.answer.model ?? UNKNOWN_MODEL,
    conversationId: found.conversationId,
    messageId: found.messageId,
  });
  await traces.complete(traceId, found.answer.content);
  await traces.saveSources(traceId, { qa: qaSourcesOf(traceId, found.sources), in_context: { trace_id: traceId, highlighted_sources: found.sources } });
}

/** The same sources in QA's shape (a trace keeps both): each passage once, its marks scored by relevancy, negative where it contradicts. */
function qaSourcesOf(traceId: string, items: readonly HighlightedSourcesItem[]): QaSourcesResponse {
  const qa: QaSourcesResponse['qa_sources'] = [];
  for (const item of items) {
    for (const [supporting, list] of [[true, item.supporting], [false, item.conflicting]] as const) {
      for (const source of list) {
        qa.push({
          source_name: source.source_name ?? `[${source.source_index + 1}]`,
          ...(source.source_url ? { source_url: source.source_url } : {}),
          source_text: source.text,
          highlights: source.highlights.map(({ start, end, relevancy }) => ({ start, end, score: supporting ? relevancy : -relevancy })),
          supporting,
        });
      }
    }
  }
  return { trace_id: traceId, qa_sources: qa };
}
