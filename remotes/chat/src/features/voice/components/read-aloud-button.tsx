import { errorMessageText, useLocale } from '@assistant/platform';
import { Button } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useReadAloud } from '../hooks/use-read-aloud';
import './voice.css';

export interface ReadAloudButtonProps {
  messageId: string;
  /** The conversation: leaving it stops the reading. */
  conversationId: string;
  /** The answer as written (Markdown). */
  markdown: string;
  /** The rendered text of Markdown (the conversation's plain text), as the answer shows it. */
  toPlainText(markdown: string): string;
}

/**
 * "Read aloud" among an answer's actions: one button that reads, pauses and resumes (its name
 * says which; the focus stays on it), and Stop while it reads. Only one answer reads at a time.
 */
export function ReadAloudButton({ messageId, conversationId, markdown, toPlainText }: ReadAloudButtonProps) {
  const { t } = useTranslation(NAMESPACE);
  const locale = useLocale();
  const reader = useReadAloud({ id: messageId, scope: conversationId, markdown, toPlainText });
  if (!reader.available) return null;
  const { status } = reader;
  const toggle = status === 'idle' ? reader.read : status === 'speaking' ? reader.pause : status === 'paused' ? reader.resume : undefined;
  return (
    <>
      <Button variant="ghost" size="sm" aria-disabled={toggle === undefined || undefined} onClick={toggle}>
        {t(`voice.read.${status}`)}
      </Button>
      {status !== 'idle' && (
        <Button variant="ghost" size="sm" onClick={reader.stop}>
          {t('voice.read.stop')}
        </Button>
      )}
      {reader.failure !== undefined && (
        <span className="voice-read__problem" role="alert">
          {t('voice.read.failed', { reason: errorMessageText(reader.failure, locale) })}
        </span>
      )}
    </>
  );
}
