import { useDocumentTitle } from '@assistant/platform';
import { EmptyState, ErrorState, Loading, PageHeader } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from '@assistant/routing';
import type { CollectionSummary } from '@assistant/contracts';
import { DocumentsSection } from '../features/documents/components/documents-section';
import { SourceLinkPreview } from '../features/documents/components/source-link-preview';
import { RunsSection } from '../features/documents/components/runs-section';
import { useCollection } from '../features/documents/hooks/use-collection';
import { useCollectionFiles } from '../features/documents/hooks/use-collection-files';
import { filesSignature } from '../features/documents/model/file-status';
import { NAMESPACE } from '../namespace';
import { CollectionSearch } from '../features/search/components/collection-search';
import { CollectionLibrarySources } from '../features/libraries/components/collection-library-sources';
import { CollectionSharingBadge } from '../features/collections/components/collection-sharing-badge';
import '../features/documents/documents.css';

/**
 * /collections/:stageId: one collection with the library folders that feed it, its documents
 * (upload, files and their processing status), the search in it and its ingestion runs; `?file=&at=` (a source's URL) opens that file's
 * preview with the cited ranges marked. A 404 means it does not exist or is someone
 * else's; the page says so without telling which.
 */
export default function CollectionDetailsPage() {
  const { t } = useTranslation(NAMESPACE);
  const { stageId = '' } = useParams();
  const load = useCollection(stageId);
  useDocumentTitle(
    load.status === 'loaded' ? load.collection.name : load.status === 'not-found' ? t('details.notFound.title') : t('details.title'),
  );

  if (load.status === 'loaded') return <CollectionDetails key={load.collection.id} collection={load.collection} />;

  const back = <Link to="..">{t('details.back')}</Link>;
  let content;
  if (load.status === 'loading') content = <Loading label={t('details.loading')} showLabel fill />;
  else if (load.status === 'not-found')
    content = <EmptyState title={t('details.notFound.title')} text={t('details.notFound.text')} action={<Link to="..">{t('details.notFound.action')}</Link>} />;
  else content = <ErrorState title={t('details.loadError.title')} message={t('details.loadError.text')} onRetry={load.reload} retryLabel={t('details.loadError.retry')} />;

  return (
    <div className="remote-page collection-details-page">
      <PageHeader title={t('details.title')} before={back} />
      {content}
    </div>
  );
}

function CollectionDetails({ collection }: { collection: CollectionSummary }) {
  const { t } = useTranslation(NAMESPACE);
  const files = useCollectionFiles(collection.id);
  return (
    <div className="remote-page collection-details-page">
      <PageHeader
        title={collection.name}
        description={
          <span className="collection-details-page__scope">
            {t(`details.scope.${collection.scope}`)}
            <CollectionSharingBadge collection={collection} />
          </span>
        }
        before={<Link to={`../${collection.scope}`}>{t(`details.backTo.${collection.scope}`)}</Link>}
      />
      <CollectionLibrarySources collection={collection} />
      <DocumentsSection collection={collection} files={files} />
      <CollectionSearch collectionId={collection.id} collectionName={collection.name} />
      <RunsSection collectionId={collection.id} changeKey={filesSignature(files.files)} />
      <SourceLinkPreview collectionId={collection.id} files={files} />
    </div>
  );
}
