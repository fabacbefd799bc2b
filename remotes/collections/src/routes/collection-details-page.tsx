import { EmptyState, PageHeader } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** /collections/:stageId: one collection with its documents and their ingestion status. */
export default function CollectionDetailsPage() {
  const { t } = useTranslation('collections');
  return (
    <div className="remote-page collection-details-page">
      <PageHeader title={t('details.title')} before={<Link to="..">{t('details.back')}</Link>} />
      <section aria-labelledby="collection-documents-heading">
        <h2 id="collection-documents-heading">{t('details.documents.heading')}</h2>
        <EmptyState headingLevel={3} title={t('details.documents.empty.title')} text={t('details.documents.empty.text')} />
      </section>
    </div>
  );
}
