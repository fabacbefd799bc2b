import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** /collections/:stageId: one collection with its documents and their ingestion status. */
export default function CollectionDetailsPage() {
  const { t } = useTranslation('collections');
  return (
    <div className="remote-page collection-details-page">
      <h1>{t('details.title')}</h1>
      <p>
        <Link to="..">{t('details.back')}</Link>
      </p>
      <section aria-labelledby="collection-documents-heading">
        <h2 id="collection-documents-heading">{t('details.documents.heading')}</h2>
        <div className="empty-state" role="status">
          <p className="empty-state__title">{t('details.documents.empty.title')}</p>
          <p className="empty-state__text">{t('details.documents.empty.text')}</p>
        </div>
      </section>
    </div>
  );
}
