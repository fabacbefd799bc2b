import type { ConversationSnapshot } from '@assistant/contracts';
import { formatLongDate, LocalizedError, notifyError, useLocale } from '@assistant/platform';
import { Button, EmptyState, ErrorState, Loading, PageHeader } from '@assistant/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { ScopedChatHistory } from '../../history';
import { useContinueShared } from '../hooks/use-continue-shared';
import { useSharedConversation } from '../hooks/use-shared-conversation';
import { SnapshotMessageItem } from './snapshot-message';
import './sharing.css';

export interface SharedConversationViewProps {
  snapshotId: string;
  history: ScopedChatHistory;
  /** Opens a conversation of the user's own chat (the continued copy), or the chat itself. */
  onOpenConversation(conversationId?: string): void;
}

/**
 * /chat/shared/{id}: a conversation a colleague shared, read-only as it was when they shared it
 * (docs/chat-ui.md "Sharing"): who shared it and when, the messages with their sources and marks,
 * and "Continue in my own chat", which copies it into a new conversation of the user's. One that
 * is not (or no longer) shared with the user says so.
 */
export function SharedConversationView({ snapshotId, history, onOpenConversation }: SharedConversationViewProps) {
  const { t } = useTranslation(NAMESPACE);
  const state = useSharedConversation(snapshotId);
  if (state.status === 'loading') return <Loading label={t('sharing.page.loading')} showLabel />;
  if (state.status === 'not-found')
    return (
      <>
        <PageHeader title={t('sharing.page.title')} />
        <EmptyState
          title={t('sharing.page.notFound.title')}
          text={t('sharing.page.notFound.text')}
          action={<Button onClick={() => onOpenConversation()}>{t('sharing.page.notFound.action')}</Button>}
        />
      </>
    );
  if (state.status === 'failed')
    return (
      <>
        <PageHeader title={t('sharing.page.title')} />
        <ErrorState title={t('sharing.page.failed')} onRetry={state.retry} retryLabel={t('conversation.tryAgain')} />
      </>
    );
  return <Snapshot snapshot={state.snapshot} history={history} onOpenConversation={onOpenConversation} />;
}

function Snapshot({ snapshot, history, onOpenConversation }: { snapshot: ConversationSnapshot; history: ScopedChatHistory; onOpenConversation(id: string): void }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const labels = useId();
  const continued = useContinueShared(history);
  const date = formatLongDate(snapshot.taken_at, { language });
  const carryOn = () =>
    continued.mutate(snapshot, {
      onSuccess: (conversation) => onOpenConversation(conversation.id),
      onError: () => notifyError(new LocalizedError(t('sharing.page.continueFailed'))),
    });
  return (
    <>
      <PageHeader
        title={snapshot.title}
        actions={
          <Button onClick={carryOn} loading={continued.isPending}>
            {t('sharing.page.continue')}
          </Button>
        }
      />
      <div className="chat-sharing__meta">
        <p className="chat-sharing__by">{snapshot.is_owner ? t('sharing.page.sharedByYou', { date }) : t('sharing.page.sharedBy', { name: snapshot.owner.name, date })}</p>
        <p className="chat-sharing__note">{t('sharing.page.readOnly')}</p>
      </div>
      <ol className="conversation__messages chat-sharing__messages" aria-label={t('conversation.messages')}>
        {snapshot.messages.map((message, index) => (
          <li key={index} className="conversation__row">
            <SnapshotMessageItem snapshotId={snapshot.id} message={message} labelId={`${labels}-${index}`} />
          </li>
        ))}
      </ol>
    </>
  );
}
