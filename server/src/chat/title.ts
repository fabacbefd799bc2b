import { CONVERSATION_NAME_MAX_LENGTH } from '@assistant/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { ConversationsRepository } from '../db/repositories/conversations-repository';
import { readModelJson } from '../inference/model-json';
import type { ModelProvider } from '../inference/model-provider';

export const TITLE_SYSTEM_PROMPT = [
  'Write a short title (at most six words) for a conversation that starts with the message below.',
  'Use the language of the message. Answer with the title only: no quotes, no full stop, no explanation.',
].join('\n');

/** A generated title is cut to this many characters. */
export const TITLE_MAX_CHARACTERS = 80;
const TITLE_TIMEOUT_MS = 20_000;
/** Only the beginning of a long first message is needed for a title. */
const QUESTION_EXCERPT = 2_000;

/** A title for a new conversation from its first message, or undefined (logged) when the model gives none. */
export async function generateTitle(
  models: ModelProvider,
  request: { model: string; question: string },
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<string | undefined> {
  try {
    const text = await models.complete({
      model: request.model,
      messages: [
        { role: 'system', content: TITLE_SYSTEM_PROMPT },
        { role: 'user', content: request.question.slice(0, QUESTION_EXCERPT) },
      ],
      temperature: 0.2,
      maxTokens: 40,
      timeoutMs: TITLE_TIMEOUT_MS,
    });
    return cleanTitle(text);
  } catch (error) {
    log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'chat: no title generated');
    return undefined;
  }
}

/**
 * Names a new conversation after its first question (unless the user renamed it meanwhile). Never
 * rejects: a missing title is logged, the conversation keeps its name.
 */
export async function titleConversation(
  models: ModelProvider,
  conversations: Pick<ConversationsRepository, 'setTitle'>,
  request: { owner: string; conversation: { id: string; name: string }; model: string; question: string },
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<void> {
  const title = await generateTitle(models, { model: request.model, question: request.question }, log);
  if (title) await storeTitle(conversations, request, title, log);
}

/** Stores a generated title unless the user renamed the conversation meanwhile. Never rejects (logged). */
export async function storeTitle(
  conversations: Pick<ConversationsRepository, 'setTitle'>,
  request: { owner: string; conversation: { id: string; name: string } },
  title: string,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<void> {
  try {
    const set = await conversations.setTitle(request.owner, request.conversation.id, request.conversation.name, title);
    if (set) log.info({ conversationId: request.conversation.id }, 'chat: conversation titled');
  } catch (error) {
    log.warn({ err: error }, 'chat: the title could not be stored');
  }
}

const titleAnswerSchema = z.object({ title: z.string() });

/**
 * The model's title without thinking, quotes, Markdown, code fences and trailing punctuation (a
 * small model may also answer `{"title": "..."}`: its title counts); undefined when nothing is left.
 */
export function cleanTitle(text: string): string | undefined {
  const withoutThinking = text.replace(/<think>[\s\S]*?(<\/think>|$)/g, '');
  const json = readModelJson(withoutThinking, () => titleAnswerSchema);
  const line = (json.ok ? json.value.title : withoutThinking)
    .split('\n')
    .map((part) => part.trim())
    .find((part) => part && !part.startsWith('```'));
  if (!line) return undefined;
  let title = line
    .replace(/^(title|titel)\s*:\s*/i, '')
    .replace(/[*_#`]/g, '')
    .replace(/^["'“„«‚‘]+|["'”“»‘’]+$/g, '')
    .replace(/[.:;,!]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (title.length > TITLE_MAX_CHARACTERS) title = `${title.slice(0, TITLE_MAX_CHARACTERS - 1).trimEnd()}…`;
  return title && title.length <= CONVERSATION_NAME_MAX_LENGTH ? title : undefined;
}
