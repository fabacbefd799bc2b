import {
  CONVERSATION_IMPORT_MAX_MESSAGES,
  CONVERSATION_IMPORT_MESSAGE_MAX_CHARACTERS,
  CONVERSATION_NAME_MAX_LENGTH,
  type ExportedConversation,
  type ExportedMessage,
} from '@assistant/contracts';
import { countLeftOut, countSkipped, type ImportReport } from './import-report';

/*
 * ChatGPT's data export (conversations.json): a list of conversations, each a `mapping` of nodes
 * ({ id, message, parent, children }) and `current_node`, the last message shown. A message has
 * author.role (system, user, assistant, tool), content ({ content_type, parts }) and create_time
 * (seconds). Read leniently: nothing of it is trusted to be there or to have its type.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Whether `value` looks like ChatGPT's export: a list of conversations with a mapping each (or one such conversation). */
export function isChatGptExport(value: unknown): boolean {
  const first = Array.isArray(value) ? value[0] : value;
  return isObject(first) && isObject(first.mapping);
}

/** A message ChatGPT shows as a turn of the conversation, with what of it could not be kept. */
interface Turn {
  /** Undefined when no text is left (an image alone). */
  message: Omit<ExportedMessage, 'id' | 'parent_id'> | undefined;
  leftOut: Array<'images' | 'files' | 'audio' | 'otherContent' | 'shortened'>;
}

/** What a non-text part of a message is, for the report. */
function partKind(part: Json): 'images' | 'audio' | 'otherContent' {
  const type = text(part.content_type) ?? '';
  if (type.includes('image')) return 'images';
  if (type.includes('audio') || type.includes('video')) return 'audio';
  return 'otherContent';
}

function seconds(value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return undefined;
  const date = new Date(value * 1000);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * A node's message as a turn, or why it is not one: `hidden` (system messages, messages ChatGPT
 * hides, its reasoning notes: nothing the user read), `tool` (a tool's result or a call to a tool),
 * A turn without text left (an image alone) has no message, only what was dropped.
 */
function turnOf(message: Json, fallbackTime: string): Turn | 'hidden' | 'tool' {
  const author = isObject(message.author) ? message.author : {};
  const role = text(author.role);
  const metadata = isObject(message.metadata) ? message.metadata : {};
  if (role === 'system' || metadata.is_visually_hidden_from_conversation === true) return 'hidden';
  if (role === 'tool') return 'tool';
  if (role !== 'user' && role !== 'assistant') return 'hidden';
  if (role === 'assistant' && text(message.recipient) !== undefined && message.recipient !== 'all') return 'tool';
  const content = isObject(message.content) ? message.content : {};
  const type = text(content.content_type) ?? 'text';
  if (type === 'thoughts' || type === 'reasoning_recap' || type === 'user_editable_context' || type === 'model_editable_context') return 'hidden';
  const leftOut: Turn['leftOut'] = [];
  const pieces: string[] = [];
  if (Array.isArray(content.parts)) {
    for (const part of content.parts) {
      if (typeof part === 'string') pieces.push(part);
      else if (isObject(part) && typeof part.text === 'string' && text(part.content_type) === 'audio_transcription') pieces.push(part.text);
      else if (isObject(part)) leftOut.push(partKind(part));
      else if (part !== null && part !== undefined) leftOut.push('otherContent');
    }
  } else if (typeof content.text === 'string') {
    pieces.push(type === 'code' ? `\`\`\`${text(content.language) && content.language !== 'unknown' ? String(content.language) : ''}\n${content.text}\n\`\`\`` : content.text);
  } else leftOut.push('otherContent');
  if (Array.isArray(metadata.attachments)) for (let index = 0; index < metadata.attachments.length; index += 1) leftOut.push('files');
  let body = pieces.join('\n\n').trim();
  if (body.length > CONVERSATION_IMPORT_MESSAGE_MAX_CHARACTERS) {
    body = body.slice(0, CONVERSATION_IMPORT_MESSAGE_MAX_CHARACTERS);
    leftOut.push('shortened');
  }
  if (!body) return { message: undefined, leftOut };
  const status = text(message.status);
  const model = text(metadata.model_slug)?.trim().slice(0, 200);
  return {
    message: {
      role,
      content: body,
      created_at: seconds(message.create_time) ?? fallbackTime,
      status: status === 'in_progress' || status === 'finished_partial_completion' ? 'stopped' : 'complete',
      ...(role === 'assistant' && model ? { model } : {}),
    },
    leftOut,
  };
}

/**
 * One ChatGPT conversation as the portal's: every branch the mapping holds, with the turns a
 * reader saw (system, hidden and tool nodes skipped; a turn's parent is its nearest kept ancestor),
 * parents first, the branch to `current_node` as the one shown. Non-text parts are dropped and
 * counted in `report`; so are turns past CONVERSATION_IMPORT_MAX_MESSAGES (the shown branch is
 * kept first). Undefined when no turn is left.
 */
export function chatGptConversation(raw: Json, report: ImportReport, fallbackName: string): ExportedConversation | undefined {
  const mapping = isObject(raw.mapping) ? raw.mapping : {};
  const nodes = new Map<string, Json>();
  for (const [key, node] of Object.entries(mapping)) if (isObject(node)) nodes.set(text(node.id) ?? key, node);
  const created = seconds(raw.create_time) ?? new Date(0).toISOString();
  const updated = seconds(raw.update_time) ?? created;

  // Walk from the roots (no parent, or a parent the mapping lacks), children in their listed order.
  const parentOf = (node: Json) => {
    const parent = text(node.parent);
    return parent !== undefined && nodes.has(parent) ? parent : null;
  };
  const kept = new Map<string, ExportedMessage>();
  /** Each node's nearest kept ancestor-or-self (for current_node). */
  const keptAt = new Map<string, string | null>();
  const order: string[] = [];
  const stack: Array<{ id: string; keptParent: string | null }> = [...nodes.entries()]
    .filter(([, node]) => parentOf(node) === null)
    .map(([id]) => ({ id, keptParent: null }))
    .reverse();
  const visited = new Set<string>();
  while (stack.length > 0) {
    const { id, keptParent } = stack.pop()!;
    if (visited.has(id)) continue;
    visited.add(id);
    const node = nodes.get(id)!;
    let here = keptParent;
    if (isObject(node.message)) {
      const turn = turnOf(node.message, created);
      if (turn === 'tool') countLeftOut(report, 'toolResults');
      else if (turn !== 'hidden') {
        for (const what of turn.leftOut) countLeftOut(report, what);
        if (turn.message) {
          kept.set(id, { id, parent_id: keptParent, ...turn.message });
          order.push(id);
          here = id;
        }
      }
    }
    keptAt.set(id, here);
    const children = Array.isArray(node.children) ? node.children.filter((child): child is string => typeof child === 'string' && nodes.has(child)) : [];
    for (const child of [...children].reverse()) stack.push({ id: child, keptParent: here });
  }
  if (order.length === 0) return undefined;

  const currentNode = text(raw.current_node);
  const current = (currentNode !== undefined ? keptAt.get(currentNode) : undefined) ?? order.at(-1)!;
  let messages = order.map((id) => kept.get(id)!);
  if (messages.length > CONVERSATION_IMPORT_MAX_MESSAGES) {
    // The shown branch first, then the other branches as far as the limit allows (parents before children).
    const take = new Set<string>();
    for (let id: string | null = current; id !== null; id = kept.get(id)!.parent_id) take.add(id);
    for (const message of messages) {
      if (take.size >= CONVERSATION_IMPORT_MAX_MESSAGES) break;
      if (message.parent_id === null || take.has(message.parent_id)) take.add(message.id);
    }
    countLeftOut(report, 'tooManyMessages', messages.length - take.size);
    messages = messages.filter((message) => take.has(message.id));
  }
  const title = (text(raw.title) ?? '').replace(/\s+/g, ' ').trim().slice(0, CONVERSATION_NAME_MAX_LENGTH).trim();
  return { name: title || fallbackName, created_at: created, updated_at: updated, current_message_id: current, messages };
}

/**
 * The conversations of a ChatGPT export, each once (a conversation listed twice, by its id, is
 * counted as a duplicate), at most `limit`; what could not be taken is counted in `report`.
 */
export function chatGptConversations(value: unknown, report: ImportReport, options: { fallbackName: string; limit: number }): ExportedConversation[] {
  const list = Array.isArray(value) ? value : [value];
  const seen = new Set<string>();
  const conversations: ExportedConversation[] = [];
  for (const raw of list) {
    if (!isObject(raw) || !isObject(raw.mapping)) {
      countSkipped(report, 'invalid');
      continue;
    }
    const id = text(raw.conversation_id) ?? text(raw.id);
    if (id !== undefined && seen.has(id)) {
      countSkipped(report, 'duplicate');
      continue;
    }
    if (id !== undefined) seen.add(id);
    if (conversations.length >= options.limit) {
      countSkipped(report, 'tooMany');
      continue;
    }
    const conversation = chatGptConversation(raw, report, options.fallbackName);
    if (conversation) conversations.push(conversation);
    else countSkipped(report, 'empty');
  }
  return conversations;
}
