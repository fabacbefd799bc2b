import type { Conversation, HighlightedSourcesItem, Message } from '@assistant/contracts';
import { useLocale, useQueryClient } from '@assistant/platform';
import { downloadBlob, downloadJson, safeFileName } from '@assistant/ui';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { conversationKeys } from '../../../query-keys';
import { isGrounded, messagesQuery, toolCallsOf } from '../../conversation';
import type { ScopedChatHistory } from '../../history';
import { getMessageSources } from '../../sources';
import { conversationExportFile, exportConversation } from '../model/conversation-document';
import { conversationMarkdown } from '../model/export-markdown';
import { useExportLabels } from './use-export-labels';

export const EXPORT_FORMATS = ['markdown', 'json', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

type QueryClient = ReturnType<typeof useQueryClient>;

const EXTENSIONS: Record<ExportFormat, string> = { markdown: 'md', json: 'json', pdf: 'pdf' };

/**
 * The judged sources of the server's grounded answers: those the chat has loaded, else asked for
 * once (GET, never the trigger: an export computes nothing); an answer whose sources are not
 * there has its tool steps only. The browser-kept history has none.
 */
async function loadedSources(client: QueryClient, history: ScopedChatHistory, conversationId: string, messages: Message[]) {
  const sources = new Map<string, HighlightedSourcesItem[]>();
  if (history.kind !== 'server') return sources;
  const grounded = messages.filter((message) => message.role === 'assistant' && message.status === 'complete' && isGrounded(toolCallsOf(message.tool_events)));
  await Promise.all(
    grounded.map(async ({ message_id: messageId }) => {
      const key = conversationKeys.sources(conversationId, messageId);
      let response = client.getQueryData<Awaited<ReturnType<typeof getMessageSources>>>(key);
      if (!response) {
        response = await getMessageSources(conversationId, messageId).catch(() => undefined);
        if (response) client.setQueryData(key, response);
      }
      if (response) sources.set(messageId, response.highlighted_sources);
    }),
  );
  return sources;
}

/**
 * Exports a conversation of `history` from what the chat has loaded (its messages as cached, else
 * loaded now) and downloads the file named after the conversation: Markdown or PDF (the branch
 * shown, with each answer's numbered sources; the PDF's library is loaded only now) or the
 * portal's JSON (every branch). Answers the file's name; rejects when the messages cannot be loaded.
 */
export function useConversationExport(history: ScopedChatHistory): (conversation: Conversation, format: ExportFormat) => Promise<string> {
  const client = useQueryClient();
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const labels = useExportLabels();
  return useCallback(
    async (conversation, format) => {
      const messages = await client.ensureQueryData(messagesQuery(history, conversation.id));
      const sources = await loadedSources(client, history, conversation.id, messages);
      const exported = exportConversation(conversation, messages, (id) => sources.get(id));
      const fileName = `${safeFileName(conversation.name, t('export.fallbackName'))}.${EXTENSIONS[format]}`;
      if (format === 'json') downloadJson(conversationExportFile([exported]), fileName);
      else if (format === 'markdown') downloadBlob(new Blob([conversationMarkdown(exported, labels())], { type: 'text/markdown;charset=utf-8' }), fileName);
      else {
        const { conversationPdf } = await import('../model/export-pdf');
        downloadBlob(await conversationPdf(exported, labels(), language), fileName);
      }
      return fileName;
    },
    [client, history, t, language, labels],
  );
}
