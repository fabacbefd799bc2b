import type { CollectionSummary, LibraryConnection } from '@assistant/contracts';
import { libraryBindingsQuery, useLibrariesQuery } from '@assistant/endpoints';
import { usePermission, useQuery } from '@assistant/platform';
import { Link } from '@assistant/routing';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { BindingStateBadge } from './state-badges';
import '../libraries.css';

/**
 * On a collection's page: the library folders kept in sync with it, each linking to its library's
 * page, so a user sees where the documents come from. Nothing when none feeds it, or when the
 * user may not see the connections (company ones are the administrators').
 */
export function CollectionLibrarySources({ collection }: { collection: CollectionSummary }) {
  const isAdministrator = usePermission('AdministrateAssistant') === true;
  const visible = collection.scope === 'personal' || isAdministrator;
  const libraries = useLibrariesQuery(collection.scope, visible);
  const connections = visible ? (libraries.data?.libraries ?? []) : [];
  if (connections.length === 0) return null;
  return (
    <div className="collection-library-sources">
      {connections.map((library) => (
        <LibraryFolders key={library.id} library={library} collectionId={collection.id} />
      ))}
    </div>
  );
}

function LibraryFolders({ library, collectionId }: { library: LibraryConnection; collectionId: string }) {
  const { t } = useTranslation(NAMESPACE);
  const bindings = useQuery(libraryBindingsQuery(library.id));
  const feeding = (bindings.data ?? []).filter((binding) => binding.collection_id === collectionId);
  if (feeding.length === 0) return null;
  return (
    <p className="collection-library-sources__line">
      <span>{t('libraries.sources.from', { paths: feeding.map((binding) => binding.folder.path).join(', ') })}</span>{' '}
      <Link to={`../libraries/${encodeURIComponent(library.id)}`}>{library.name}</Link>
      {feeding.map((binding) => (
        <BindingStateBadge key={binding.id} state={binding.state} />
      ))}
    </p>
  );
}
