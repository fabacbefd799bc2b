import { EmptyState, PageHeader } from '@assistant/ui';
import { useTranslation } from 'react-i18next';

/** /chat: the conversation list and the conversation area. */
export default function ChatPage() {
  const { t } = useTranslation('chat');
  return (
    <div className="remote-page chat-page">
      <PageHeader title={t('title')} />
      <section aria-labelledby="chat-conversations-heading">
        <h2 id="chat-conversations-heading">{t('conversations.heading')}</h2>
        <EmptyState headingLevel={3} title={t('conversations.empty.title')} text={t('conversations.empty.text')} />
      </section>
    </div>
  );
}
