import { useTranslation } from 'react-i18next';

/** /chat: the conversation list and the conversation area. */
export default function ChatPage() {
  const { t } = useTranslation('chat');
  return (
    <div className="remote-page chat-page">
      <h1>{t('title')}</h1>
      <section aria-labelledby="chat-conversations-heading">
        <h2 id="chat-conversations-heading">{t('conversations.heading')}</h2>
        <div className="empty-state" role="status">
          <p className="empty-state__title">{t('conversations.empty.title')}</p>
          <p className="empty-state__text">{t('conversations.empty.text')}</p>
        </div>
      </section>
    </div>
  );
}
