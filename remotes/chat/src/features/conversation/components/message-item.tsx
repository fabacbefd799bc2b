import type { Message } from '@assistant/contracts';
import { Badge, Button, Markdown } from '@assistant/ui';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { SendErrorKey } from '../model/describe-send-error';
import { EditQuestionForm } from './edit-question-form';
import { SiblingSwitcher } from './sibling-switcher';

export interface MessageItemProps {
  message: Message;
  /** This answer is being streamed now. */
  streaming: boolean;
  /** An answer is being streamed (any): actions wait. */
  busy: boolean;
  siblingIndex: number;
  siblingCount: number;
  previousId: string | undefined;
  nextId: string | undefined;
  /** Why this answer failed here; stored failures read like an upstream failure. */
  failure: SendErrorKey | undefined;
  onSwitch(siblingId: string): void;
  onCopy(text: string): void;
  onRegenerate(answerId: string): void;
  onRetry(answerId: string): void;
  onEdit(questionId: string, text: string): void;
}

/**
 * One message: a question as plain text (edit and resend), or an answer as Markdown with its
 * reasoning folded, its status, and copy / regenerate / retry. Memoized: while an answer streams
 * only that answer renders again.
 */
export const MessageItem = memo(function MessageItem(props: MessageItemProps) {
  const { message, siblingCount } = props;
  return (
    <article
      className={`conversation__message conversation__message--${message.role === 'user' ? 'question' : 'answer'}`}
      aria-labelledby={`${message.message_id}-label`}
      aria-busy={props.streaming || undefined}
    >
      {message.role === 'user' ? <Question {...props} /> : <Answer {...props} />}
      {siblingCount > 1 && (
        <SiblingSwitcher
          index={props.siblingIndex}
          count={siblingCount}
          previousId={props.previousId}
          nextId={props.nextId}
          busy={props.busy}
          onSwitch={props.onSwitch}
        />
      )}
    </article>
  );
});

function Label({ id, text }: { id: string; text: string }) {
  return (
    <h3 id={id} className="conversation__message-label ui-visually-hidden">
      {text}
    </h3>
  );
}

function Question({ message, busy, onEdit }: MessageItemProps) {
  const { t } = useTranslation(NAMESPACE);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    editButton.current?.focus();
  }, [editing]);
  const close = () => {
    returnFocus.current = true;
    setEditing(false);
  };
  return (
    <>
      <Label id={`${message.message_id}-label`} text={t('conversation.question')} />
      {editing ? (
        <EditQuestionForm
          key={message.message_id}
          initialText={message.content}
          onCancel={close}
          onSend={(text) => {
            setEditing(false);
            onEdit(message.message_id, text);
          }}
        />
      ) : (
        <>
          <p className="conversation__question-text">{message.content}</p>
          <div className="conversation__actions" role="group" aria-label={t('conversation.actions.label')}>
            <Button
              ref={editButton}
              variant="ghost"
              size="sm"
              aria-disabled={busy || undefined}
              onClick={() => {
                if (!busy) setEditing(true);
              }}
            >
              {t('conversation.actions.edit')}
            </Button>
          </div>
        </>
      )}
    </>
  );
}

function Answer({ message, streaming, busy, failure, onCopy, onRegenerate, onRetry }: MessageItemProps) {
  const { t } = useTranslation(NAMESPACE);
  const failed = message.status === 'error';
  const reason = failure ?? 'upstream_failed';
  return (
    <>
      <Label id={`${message.message_id}-label`} text={t('conversation.answer')} />
      {message.reasoning && (
        <details className="conversation__reasoning">
          <summary>{t('conversation.reasoning')}</summary>
          <p className="conversation__reasoning-text">{message.reasoning}</p>
        </details>
      )}
      {message.content !== '' && <Markdown text={message.content} streaming={streaming} headingOffset={3} />}
      {streaming && <p className="conversation__writing">{t('conversation.writing')}</p>}
      {message.status === 'stopped' && !streaming && <Badge>{t('conversation.stopped')}</Badge>}
      {failed && !streaming && (
        <div className="conversation__failure">
          <p>{t('conversation.failed', { reason: t(`conversation.errors.${reason}`) })}</p>
          <Button variant="secondary" size="sm" aria-disabled={busy || undefined} onClick={() => !busy && onRetry(message.message_id)}>
            {t('conversation.retry')}
          </Button>
        </div>
      )}
      {!streaming && (
        <div className="conversation__actions" role="group" aria-label={t('conversation.actions.label')}>
          {message.content !== '' && (
            <Button variant="ghost" size="sm" onClick={() => onCopy(message.content)}>
              {t('conversation.actions.copy')}
            </Button>
          )}
          <Button variant="ghost" size="sm" aria-disabled={busy || undefined} onClick={() => !busy && onRegenerate(message.message_id)}>
            {t('conversation.actions.regenerate')}
          </Button>
        </div>
      )}
    </>
  );
}
