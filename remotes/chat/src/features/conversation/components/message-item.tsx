import type { Message } from '@assistant/contracts';
import { useAnswerRating } from '@assistant/endpoints';
import { useDeveloperMode } from '@assistant/platform';
import { AnswerRating, Button, Markdown, SuccessIcon } from '@assistant/ui';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { QuestionAttachments } from '../../attachments';
import { AnswerDetailsPanel } from '../../developer';
import { ResearchAnswer } from '../../research';
import { MessageSources } from '../../sources';
import { ReadAloudButton } from '../../voice';
import { canRetry, type SendErrorKey } from '../model/describe-send-error';
import { markdownToPlainText } from '../model/plain-text';
import { foundDocuments, isGrounded, mediaTypeOfSource, toolCallsOf } from '../model/tool-calls';
import { useLanguageModels } from '../hooks/use-qa-resources';
import { AnswerMeta, AnswerReasoning } from './answer-parts';
import { EditQuestionForm } from './edit-question-form';
import { SendFailure } from './send-failure';
import { SiblingSwitcher } from './sibling-switcher';
import { ToolStep } from './tool-step';
import './message-item.css';

/** How long "Answer copied." shows beside the copy button after copying. */
export const COPIED_CONFIRMATION_MS = 3000;

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
  /** Copies the answer; a promise of whether it worked lets the button confirm it. */
  onCopy(text: string): Promise<boolean> | void;
  onRegenerate(answerId: string): void;
  onRetry(answerId: string): void;
  onEdit(questionId: string, text: string): void;
  /**
   * The server's conversation this answer is stored in: a finished grounded answer then shows its
   * sources (the browser-kept history has none).
   */
  sourcesConversationId?: string;
  /** Says something politely (the view's live region). */
  announce?: (text: string) => void;
  /** Opens the answer (or the research report it became) in the canvas beside the conversation. */
  onOpenInCanvas?: (message: Message) => void;
  /** The question this answer answers, as shown: sent with a rating the user shares with the administrators. */
  question?: string;
  /** The agent the conversation is with: its answers are rated as the agent's. */
  agentId?: string;
}

/**
 * One message: a question as plain text (edit and resend), or an answer as Markdown with its
 * reasoning folded, the model that wrote it, its status (a "Stopped" badge, a failure), and copy
 * (confirmed beside the button for a few seconds) / regenerate / retry. Memoized: while an answer
 * streams only that answer renders again.
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
          <QuestionAttachments attachments={message.attachments} />
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

function Answer({ message, streaming, busy, failure, onCopy, onRegenerate, onRetry, sourcesConversationId, announce, onOpenInCanvas, question, agentId }: MessageItemProps) {
  const { t } = useTranslation(NAMESPACE);
  const calls = useMemo(() => toolCallsOf(message.tool_events), [message.tool_events]);
  const documents = useMemo(() => foundDocuments(calls), [calls]);
  const mediaTypeOf = useCallback((index: number) => mediaTypeOfSource(calls, index), [calls]);
  const documentNameOf = useCallback((index: number) => documents.find((document) => document.citations.includes(index + 1))?.name, [documents]);
  // Sources belong to a stored, finished answer grounded in documents (SPEC section 4: trigger, then poll).
  const withSources = sourcesConversationId !== undefined && !streaming && message.status === 'complete' && isGrounded(calls) && !message.message_id.startsWith('local-');
  const models = useLanguageModels();
  const [copied, setCopied] = useState(0);
  useEffect(() => {
    if (copied === 0) return;
    const timer = setTimeout(() => setCopied(0), COPIED_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    if (await onCopy(message.content)) setCopied((count) => count + 1);
  };
  const failed = message.status === 'error';
  const reason = failure ?? 'upstream_failed';
  const stopped = message.status === 'stopped' && !streaming;
  const modelName = message.model && (models.find((entry) => entry.id === message.model)?.name ?? message.model);
  const developerMode = useDeveloperMode();
  return (
    <>
      <Label id={`${message.message_id}-label`} text={t('conversation.answer')} />
      <ToolStep calls={calls} />
      <AnswerReasoning text={message.reasoning} />
      {message.research_id !== undefined ? (
        <ResearchAnswer
          researchId={message.research_id}
          messageId={message.message_id}
          content={message.content}
          conversationId={sourcesConversationId}
          announce={announce}
        />
      ) : (
        message.content !== '' && <Markdown text={message.content} streaming={streaming} headingOffset={3} />
      )}
      {streaming && message.research_id === undefined && <p className="conversation__writing">{t('conversation.writing')}</p>}
      <AnswerMeta modelName={modelName || undefined} stopped={stopped} />
      {failed && !streaming && <SendFailure reason={reason} busy={busy} onRetry={() => onRetry(message.message_id)} />}
      {!streaming && (
        <div className="conversation__actions" role="group" aria-label={t('conversation.actions.label')}>
          {message.content !== '' && (
            <Button variant="ghost" size="sm" onClick={() => void copy()}>
              {t('conversation.actions.copy')}
            </Button>
          )}
          {/* A used-up budget refuses a new answer too until it resets. */}
          {(!failed || canRetry(reason)) && (
            <Button variant="ghost" size="sm" aria-disabled={busy || undefined} onClick={() => !busy && onRegenerate(message.message_id)}>
              {t('conversation.actions.regenerate')}
            </Button>
          )}
          {onOpenInCanvas && message.content !== '' && (
            <Button variant="ghost" size="sm" onClick={() => onOpenInCanvas(message)}>
              {t('canvas.open')}
            </Button>
          )}
          {message.content !== '' && <ReadAloudButton messageId={message.message_id} conversationId={message.conversation_id} markdown={message.content} toPlainText={markdownToPlainText} />}
          {/* Seen for a few seconds, last, so no button moves; heard through the view's polite status (useCopyAnswer). */}
          {copied > 0 && (
            <span className="conversation__copied">
              <SuccessIcon /> {t('conversation.copy.done')}
            </span>
          )}
        </div>
      )}
      {/* A written answer the server or the browser keeps (not one still named by the browser while it streamed). */}
      {!streaming && !failed && message.content !== '' && !message.message_id.startsWith('local-') && (
        <ChatAnswerRating message={message} question={question} agentId={agentId} />
      )}
      {developerMode && message.details && !streaming && <AnswerDetailsPanel details={message.details} />}
      {withSources && (
        <MessageSources
          conversationId={sourcesConversationId}
          messageId={message.message_id}
          mediaTypeOf={mediaTypeOf}
          documentNameOf={documentNameOf}
          announce={announce}
        />
      )}
    </>
  );
}

/** Thumbs up or down on the answer (docs/chat-ui.md "Rating an answer"): a chat's, an agent's or a research answer. */
function ChatAnswerRating({ message, question, agentId }: { message: Message; question: string | undefined; agentId: string | undefined }) {
  const rating = useAnswerRating(
    {
      target_kind: 'chat_message',
      target_id: message.message_id,
      conversation_id: message.conversation_id,
      feature: message.research_id !== undefined ? 'research' : agentId !== undefined ? 'agents' : 'chat',
      model: message.model,
      agent_id: agentId,
    },
    () => ({ question: question ?? '', answer: message.content }),
  );
  return <AnswerRating {...rating} className="conversation__rating" />;
}
