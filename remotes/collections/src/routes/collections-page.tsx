import type { CollectionScope } from '@assistant/contracts';
import { useDocumentTitle } from '@assistant/platform';
import { LinkTabs, PageHeader, type RenderLink } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NavLink } from '@assistant/routing';
import { CollectionsPanel } from '../features/collections/components/collections-panel';
import { LibrariesSection } from '../features/libraries/components/libraries-section';
import { NAMESPACE } from '../namespace';

export type { CollectionScope };

/** The router decides the active tab: NavLink sets aria-current="page" on the current route. */
const renderLink: RenderLink = ({ href, className, children }) => (
  <NavLink to={href} className={className}>
    {children}
  </NavLink>
);

/**
 * /collections/personal and /collections/company: the title, the two tabs, the collections of
 * the selected scope and the document libraries that feed them. The tabs are links to sibling routes, so every tab is a deep link.
 */
export default function CollectionsPage({ scope }: { scope: CollectionScope }) {
  const { t } = useTranslation(NAMESPACE);
  useDocumentTitle(t('title'));
  return (
    <div className="remote-page collections-page">
      <PageHeader title={t('title')} />
      <LinkTabs
        label={t('tabs.label')}
        renderLink={renderLink}
        items={[
          { id: 'personal', href: '../personal', label: t('tabs.personal') },
          { id: 'company', href: '../company', label: t('tabs.company') },
        ]}
      />
      <CollectionsPanel key={scope} scope={scope} />
      <LibrariesSection key={`libraries-${scope}`} scope={scope} />
    </div>
  );
}
