import type { ExportedConversation } from '@assistant/contracts';
import { answerSources } from './answer-sources';
import { shownBranch } from './conversation-document';
import { messageHeading, sourceLine, type ExportLabels } from './export-labels';

/**
 * The shown branch of a conversation as Markdown: its name as the title, the export's date, then
 * each message under a heading (who wrote it), a question's files by name, an answer as written
 * (it is Markdown already) with its sources numbered as it cites them. A question's text is the
 * user's plain text: kept as written, so what they typed reads the same.
 */
export function conversationMarkdown(conversation: ExportedConversation, labels: ExportLabels): string {
  const blocks = [`# ${oneLine(conversation.name)}`, `_${labels.exportedOn}_`];
  for (const message of shownBranch(conversation)) {
    blocks.push(`## ${messageHeading(message, labels)}`);
    if (message.content.trim()) blocks.push(message.content.trim());
    if (message.attachments?.length) blocks.push(`${labels.files}: ${message.attachments.map((file) => file.name).join(', ')}`);
    const sources = answerSources(message);
    if (sources.length > 0) blocks.push(`**${labels.sources}**\n\n${sources.map((source) => `- ${sourceLine(source, labels)}`).join('\n')}`);
  }
  return `${blocks.join('\n\n')}\n`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
