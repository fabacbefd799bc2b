import type { SnapshotMessage } from '@assistant/contracts';
import { LocalizedError, notifyError } from '@assistant/platform';
import { Button, Markdown } from '@assistant/ui';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { AnswerMeta, AnswerReasoning, foundDocuments, ToolStep, toolCallsOf } from '../../conversation';
import { SnapshotSources } from '../../sources';
import { downloadSharedAttachment } from '../api/download-shared-attachment';

export interface SnapshotMessageItemProps {
  snapshotId: string;
  message: SnapshotMessage;
  /** The id of the message's label (its article is labelled by it). */
  labelId: string;
}

/**
 * One message of a shared conversation, read-only and drawn like the conversation's own: a
 * question as plain text with the files it was sent with (downloads, when the owner shared them),
 * an answer as the chat's safe Markdown with its tool steps, folded reasoning, the model that
 * wrote it and its sources with their marks. Nothing here is ever rendered as HTML.
 */
export function SnapshotMessageItem({ snapshotId, message, labelId }: SnapshotMessageItemProps) {
  const { t } = useTranslation(NAMESPACE);
  const calls = useMemo(() => toolCallsOf(message.tool_events), [message.tool_events]);
  const documents = useMemo(() => foundDocuments(calls), [calls]);
  const documentNameOf = useCallback((index: number) => documents.find((document) => document.citations.includes(index + 1))?.name, [documents]);
  const question = message.role === 'user';
  const download = (attachment: { file_id: string; name: string }) =>
    downloadSharedAttachment(snapshotId, attachment).catch(() => notifyError(new LocalizedError(t('sharing.page.downloadFailed', { name: attachment.name }))));
  return (
    <article className={`conversation__message conversation__message--${question ? 'question' : 'answer'}`} aria-labelledby={labelId}>
      <h3 id={labelId} className="conversation__message-label ui-visually-hidden">
        {question ? t('conversation.question') : t('conversation.answer')}
      </h3>
      {question ? (
        <>
          <p className="conversation__question-text">{message.content}</p>
          {message.attachments && message.attachments.length > 0 && (
            <ul className="chat-sharing__attachments" aria-label={t('attachments.messageLabel')}>
              {message.attachments.map((attachment) => (
                <li key={attachment.file_id}>
                  <Button variant="secondary" size="sm" aria-label={t('sharing.page.download', { name: attachment.name })} onClick={() => void download(attachment)}>
                    {attachment.name}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <>
          <ToolStep calls={calls} />
          <AnswerReasoning text={message.reasoning} />
          {message.content !== '' && <Markdown text={message.content} headingOffset={3} />}
          <AnswerMeta modelName={message.model} stopped={message.status === 'stopped'} />
          {message.status === 'error' && <p className="chat-sharing__failed-answer">{t('sharing.page.failedAnswer')}</p>}
          {message.sources && <SnapshotSources sources={message.sources} documentNameOf={documentNameOf} />}
        </>
      )}
    </article>
  );
}
