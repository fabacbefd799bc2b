import type { Conversation } from '@assistant/contracts';
import { useLocale } from '@assistant/platform';
import { Button, Dialog } from '@assistant/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { ScopedChatHistory } from '../../history';
import { failureText } from '../model/failure-text';
import { EXPORT_FORMATS, useConversationExport, type ExportFormat } from '../hooks/use-conversation-export';
import '../export.css';

export interface ExportConversationDialogProps {
  history: ScopedChatHistory;
  conversation: Conversation;
  onClose(): void;
}

type Status = { kind: 'idle' } | { kind: 'busy'; format: ExportFormat } | { kind: 'done'; fileName: string } | { kind: 'failed'; message: string };

/**
 * "Export": the conversation as Markdown, JSON or PDF, each a button that downloads the file named
 * after the conversation; the dialog says what each holds, that it is being made (the PDF's
 * library loads first), and which file was saved or why none could be.
 */
export function ExportConversationDialog({ history, conversation, onClose }: ExportConversationDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const exportAs = useConversationExport(history);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const run = async (format: ExportFormat) => {
    setStatus({ kind: 'busy', format });
    try {
      setStatus({ kind: 'done', fileName: await exportAs(conversation, format) });
    } catch (error) {
      console.warn('The conversation could not be exported', error);
      setStatus({ kind: 'failed', message: t('export.failed', { reason: failureText(error, language) }) });
    }
  };
  return (
    <Dialog open size="sm" title={t('export.title', { name: conversation.name })} description={t('export.intro')} closeLabel={t('export.close')} onClose={onClose}>
      <ul className="chat-export__formats">
        {EXPORT_FORMATS.map((format) => (
          <li key={format}>
            <Button
              variant="secondary"
              className="chat-export__format"
              loading={status.kind === 'busy' && status.format === format}
              disabled={status.kind === 'busy'}
              aria-describedby={`chat-export-${format}-hint`}
              onClick={() => void run(format)}
            >
              {t(`export.formats.${format}`)}
            </Button>
            <span id={`chat-export-${format}-hint`} className="chat-export__hint">
              {t(`export.formats.${format}Hint`)}
            </span>
          </li>
        ))}
      </ul>
      <p role="status" className="chat-export__status">
        {status.kind === 'busy' ? t('export.preparing') : status.kind === 'done' ? t('export.downloaded', { file: status.fileName }) : ''}
      </p>
      {status.kind === 'failed' && (
        <p role="alert" className="chat-export__error">
          {status.message}
        </p>
      )}
    </Dialog>
  );
}
