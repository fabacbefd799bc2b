import {
  CONVERSATION_EXPORT_FORMAT,
  CONVERSATION_EXPORT_FORMAT_VERSION,
  keptMessageFields,
  type Conversation,
  type ConversationExport,
  type ExportedConversation,
  type ExportedMessage,
  type HighlightedSourcesItem,
  type Message,
} from '@assistant/contracts';

/**
 * A conversation as the portal's export file holds it: every message of every branch (system
 * messages left out), parents before their children, each answer with its tool steps and, when
 * the chat has them, its judged sources (`sourcesOf`); a question's files by name. An answer cut
 * while streaming is written as stopped.
 */
export function exportConversation(
  conversation: Pick<Conversation, 'name' | 'created_at' | 'updated_at'>,
  messages: readonly Message[],
  sourcesOf: (messageId: string) => HighlightedSourcesItem[] | undefined = () => undefined,
): ExportedConversation {
  const ordered = parentsFirst(messages.filter((message) => message.role !== 'system'));
  const exported = ordered.map((message): ExportedMessage => {
    const sources = message.role === 'assistant' ? sourcesOf(message.message_id) : undefined;
    return {
      id: message.message_id,
      parent_id: message.parent_message_id,
      role: message.role === 'user' ? 'user' : 'assistant',
      content: message.content,
      created_at: message.created_at,
      ...keptMessageFields(message),
      ...(sources?.length ? { sources } : {}),
      ...(message.attachments?.length ? { attachments: message.attachments.map(({ name }) => ({ name })) } : {}),
    };
  });
  const current = exported.at(-1)?.id;
  return {
    name: conversation.name,
    created_at: conversation.created_at,
    updated_at: conversation.updated_at,
    ...(current ? { current_message_id: current } : {}),
    messages: exported,
  };
}

/** The export file of `conversations`, dated `now`. */
export function conversationExportFile(conversations: ExportedConversation[], now: Date = new Date()): ConversationExport {
  return { format: CONVERSATION_EXPORT_FORMAT, format_version: CONVERSATION_EXPORT_FORMAT_VERSION, exported_at: now.toISOString(), conversations };
}

/**
 * The messages in their stored order, each moved after its parent where it came before it; a
 * message whose parent is not there becomes a first message (parent null).
 */
function parentsFirst(messages: readonly Message[]): Message[] {
  const ids = new Set(messages.map((message) => message.message_id));
  const children = new Map<string | null, Message[]>();
  for (const message of messages) {
    const parent = message.parent_message_id !== null && ids.has(message.parent_message_id) ? message.parent_message_id : null;
    children.set(parent, [...(children.get(parent) ?? []), parent === message.parent_message_id ? message : { ...message, parent_message_id: null }]);
  }
  const order = new Map(messages.map((message, index) => [message.message_id, index]));
  const placed: Message[] = [];
  const queue = [...(children.get(null) ?? [])];
  while (queue.length > 0) {
    // Always the earliest stored message whose parent is placed: the stored order where it allows.
    queue.sort((a, b) => order.get(a.message_id)! - order.get(b.message_id)!);
    const next = queue.shift()!;
    placed.push(next);
    queue.push(...(children.get(next.message_id) ?? []));
  }
  return placed;
}

/**
 * The branch a reader was shown: from the first message down to `current_message_id` (else the
 * newest message), root first. What Markdown and PDF hold; the JSON keeps every branch.
 */
export function shownBranch(conversation: ExportedConversation): ExportedMessage[] {
  const byId = new Map(conversation.messages.map((message) => [message.id, message]));
  const branch: ExportedMessage[] = [];
  let current = byId.get(conversation.current_message_id ?? conversation.messages.at(-1)?.id ?? '');
  while (current && branch.length < conversation.messages.length) {
    branch.unshift(current);
    current = current.parent_id === null ? undefined : byId.get(current.parent_id);
  }
  return branch;
}
