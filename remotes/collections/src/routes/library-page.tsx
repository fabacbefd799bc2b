import { useDocumentTitle, usePermission } from '@assistant/platform';
import { Link, useParams } from '@assistant/routing';
import { EmptyState, ErrorState, Loading, PageHeader } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { LibraryDetails } from '../features/libraries/components/library-details';
import { useLibraries } from '../features/libraries/hooks/use-libraries';
import { NAMESPACE } from '../namespace';

/**
 * /collections/libraries/:libraryId: one connected library with its synced folders. It is found
 * in the user's own connections or, for administrators, the company's; any other id is "not
 * found" without saying whether it exists.
 */
export default function LibraryPage() {
  const { t } = useTranslation(NAMESPACE);
  const { libraryId = '' } = useParams();
  const isAdministrator = usePermission('AdministrateAssistant') === true;
  const personal = useLibraries('personal');
  const company = useLibraries('company', isAdministrator);
  const library = [...personal.libraries, ...company.libraries].find((known) => known.id === libraryId);
  const lists = isAdministrator ? [personal, company] : [personal];
  useDocumentTitle(library?.name ?? t('libraries.page.title'));

  if (library) return <LibraryDetails key={library.id} library={library} />;

  const failed = lists.find((list) => list.status === 'failed');
  let content;
  if (failed)
    content = <ErrorState title={t('libraries.list.failed')} message={failed.error} onRetry={failed.reload} retrying={failed.reloading} retryLabel={t('libraries.list.retry')} />;
  else if (lists.some((list) => list.status === 'loading')) content = <Loading label={t('libraries.list.loading')} showLabel fill />;
  else
    content = (
      <EmptyState title={t('libraries.page.notFound.title')} text={t('libraries.page.notFound.text')} action={<Link to="../personal">{t('libraries.page.notFound.action')}</Link>} />
    );
  return (
    <div className="remote-page library-page">
      <PageHeader title={t('libraries.page.title')} before={<Link to="../personal">{t('details.back')}</Link>} />
      {content}
    </div>
  );
}
