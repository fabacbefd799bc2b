import { historyWithinBudget, type Message } from '@assistant/contracts';
import type { ChatMessage } from '../inference/model-provider';

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
 * cut to the contract's HISTORY_MAX_CHARACTERS from the oldest end (historyWithinBudget, the rule
 * the browser-kept history applies too: answers that failed without text are left out, a stopped
 * answer counts with what arrived), and the new user message.
 */
export function buildPrompt(branch: Pick<Message, 'role' | 'content'>[], question: string, now = new Date()): ChatMessage[] {
  return [{ role: 'system', content: systemPrompt(now) }, ...historyWithinBudget(branch), { role: 'user', content: question }];
}
