import { keptMessageFields, type Conversation, type ExportedConversation, type Message } from '@assistant/contracts';
import type { LocalConversationRecord } from './local-history';

/**
 * A conversation of an export file as a browser-kept record: new ids (the file's only tie parents
 * to children), every branch, the dates, model, reasoning and tool steps as the file has them (an
 * answer exported mid-stream is stopped). Named as in the file: a first question does not rename
 * it. Judged sources and attachments are not kept: this history shows neither.
 */
export function importedRecord(file: ExportedConversation, newId: () => string): LocalConversationRecord {
  const conversation: Conversation = { id: newId(), name: file.name, created_at: file.created_at, updated_at: file.updated_at };
  const ids = new Map(file.messages.map((message) => [message.id, newId()]));
  const messages = file.messages.map(
    (message): Message => ({
      message_id: ids.get(message.id)!,
      conversation_id: conversation.id,
      parent_message_id: message.parent_id === null ? null : ids.get(message.parent_id)!,
      role: message.role,
      content: message.content,
      created_at: message.created_at,
      ...keptMessageFields(message),
    }),
  );
  return { conversation, messages, renamed: true };
}
