import type { Message } from '@assistant/contracts';
import type { ChatMessage } from '../inference/model-provider';

/** How much of the conversation (in characters) goes to the model besides the new message. */
export const HISTORY_MAX_CHARACTERS = 48_000;

export function systemPrompt(now = new Date()): string {
  return [
    'You are a helpful assistant for the employees of a company.',
    "Answer in the language of the user's latest message.",
    'Write in Markdown: headings, lists, tables and fenced code blocks with a language name where they help. Do not write raw HTML.',
    'If you do not know something, say so instead of guessing.',
    `Today is ${now.toISOString().slice(0, 10)}.`,
  ].join('\n');
}

/**
 * The chat messages for the model: the system prompt, the branch that leads to the new message
 * (root first; answers that failed without text are left out; a stopped answer counts with what
 * arrived), cut from the oldest end to HISTORY_MAX_CHARACTERS, and the new user message.
 */
export function buildPrompt(branch: Pick<Message, 'role' | 'content' | 'status'>[], question: string, now = new Date()): ChatMessage[] {
  const history: ChatMessage[] = [];
  let budget = HISTORY_MAX_CHARACTERS;
  for (const message of [...branch].reverse()) {
    if (message.role === 'system') continue;
    if (message.role === 'assistant' && (message.status === 'error' || message.status === 'streaming') && !message.content) continue;
    if (!message.content) continue;
    budget -= message.content.length;
    if (budget < 0) break;
    history.unshift({ role: message.role, content: message.content });
  }
  return [{ role: 'system', content: systemPrompt(now) }, ...history, { role: 'user', content: question }];
}
