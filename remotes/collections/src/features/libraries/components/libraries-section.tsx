import type { CollectionScope, LibraryConnection } from '@assistant/contracts';
import { usePermission, useWorkspaceStore } from '@assistant/platform';
import { Link, useNavigate } from '@assistant/routing';
import { Button, ListStates, PlusIcon } from '@assistant/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useLibraries } from '../hooks/use-libraries';
import { libraryPagePath } from '../model/library-path';
import { ConnectLibraryDialog } from './connect-library-dialog';
import { ConnectionStateBadge } from './state-badges';
import '../libraries.css';

/**
 * "Document libraries" under a tab's collections: the connections that feed this scope's
 * collections, and "Connect a document library". Personal: every user, for their own. Company:
 * administrators only (their connections feed company collections); nothing for others. While a
 * user has no personal library, an offer explains what connecting does; "Not now" dismisses it for
 * good (the workspace's `documentLibrary.promptDismissed`) and leaves the plain button.
 */
export function LibrariesSection({ scope }: { scope: CollectionScope }) {
  const isAdministrator = usePermission('AdministrateAssistant');
  if (scope === 'company' && isAdministrator !== true) return null;
  return <Libraries scope={scope} />;
}

function Libraries({ scope }: { scope: CollectionScope }) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const list = useLibraries(scope);
  const promptDismissed = useWorkspaceStore((state) => state.documentLibrary.promptDismissed);
  const setDocumentLibrary = useWorkspaceStore((state) => state.setDocumentLibrary);
  const [connecting, setConnecting] = useState(false);
  const headingId = `libraries-${scope}-heading`;
  const mayOffer = scope === 'personal' && !promptDismissed;
  const offer = mayOffer && list.status === 'ready' && list.libraries.length === 0;
  // Until the list says whether to offer, no button that would then move into the offer.
  const headerButton = !offer && !(mayOffer && list.status === 'loading');

  const connectButton = (
    <Button icon={<PlusIcon />} variant={offer ? 'primary' : 'secondary'} onClick={() => setConnecting(true)}>
      {t('libraries.connect.open')}
    </Button>
  );

  return (
    <section aria-labelledby={headingId} className="libraries-section">
      <div className="libraries-section__header">
        <h2 id={headingId} className="libraries-section__heading">
          {t('libraries.heading')}
        </h2>
        {headerButton && connectButton}
      </div>
      {offer ? (
        <div className="libraries-offer">
          <p className="libraries-offer__title">{t('libraries.offer.title')}</p>
          <p className="libraries-offer__text">{t('libraries.offer.text')}</p>
          <div className="libraries-offer__actions">
            {connectButton}
            <Button variant="ghost" onClick={() => setDocumentLibrary({ promptDismissed: true })}>
              {t('libraries.offer.dismiss')}
            </Button>
          </div>
        </div>
      ) : (
        <ListStates
          list={list}
          texts={{ loading: t('libraries.list.loading'), failed: t('libraries.list.failed'), retry: t('libraries.list.retry') }}
          empty={list.libraries.length === 0 ? { title: t(`libraries.list.empty.${scope}.title`), text: t(`libraries.list.empty.${scope}.text`) } : null}
        >
          <ul className="library-list" aria-labelledby={headingId}>
            {list.libraries.map((library) => (
              <LibraryListItem key={library.id} library={library} />
            ))}
          </ul>
        </ListStates>
      )}
      {connecting && (
        <ConnectLibraryDialog
          scope={scope}
          microsoftAvailable={list.microsoftAvailable}
          onConnected={(connection) => {
            setConnecting(false);
            // Straight on to what a connection is for: choosing the folders to sync.
            void navigate(libraryPagePath(connection.id, { chooseFolders: true }));
          }}
          onClose={() => setConnecting(false)}
        />
      )}
    </section>
  );
}

function LibraryListItem({ library }: { library: LibraryConnection }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <li className="library-item">
      <div className="library-item__main">
        <Link to={libraryPagePath(library.id)} className="library-item__name">
          {library.name}
        </Link>
        <p className="library-item__meta">
          <span>{t(`libraries.kinds.${library.kind}`)}</span>
          <span className="library-item__url">{library.url}</span>
          <span>{t('libraries.account', { account: library.account })}</span>
        </p>
        {library.problem && <p className="library-item__problem">{library.problem}</p>}
      </div>
      <ConnectionStateBadge state={library.state} />
    </li>
  );
}
