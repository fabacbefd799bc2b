import { useTranslation } from 'react-i18next';

/** /usecases/qa: questions over documents, with the chat history and the document preview. */
export default function QaPage() {
  const { t } = useTranslation('qa');
  return (
    <div className="remote-page qa-page">
      <h1>{t('title')}</h1>
      <section aria-labelledby="qa-history-heading">
        <h2 id="qa-history-heading">{t('history.heading')}</h2>
        <div className="empty-state" role="status">
          <p className="empty-state__title">{t('history.empty.title')}</p>
          <p className="empty-state__text">{t('history.empty.text')}</p>
        </div>
      </section>
      <section aria-labelledby="qa-preview-heading">
        <h2 id="qa-preview-heading">{t('preview.heading')}</h2>
        <div className="empty-state">
          <p className="empty-state__title">{t('preview.empty.title')}</p>
          <p className="empty-state__text">{t('preview.empty.text')}</p>
        </div>
      </section>
    </div>
  );
}
