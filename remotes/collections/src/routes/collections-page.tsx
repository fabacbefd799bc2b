import { EmptyState, LinkTabs, PageHeader, type RenderLink } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

export type CollectionScope = 'personal' | 'company';

/** The router decides the active tab: NavLink sets aria-current="page" on the current route. */
const renderLink: RenderLink = ({ href, className, children }) => (
  <NavLink to={href} className={className}>
    {children}
  </NavLink>
);

/**
 * /collections/personal and /collections/company: the title, the two tabs and the collections of
 * the selected scope. The tabs are links to sibling routes, so every tab is a deep link.
 */
export default function CollectionsPage({ scope }: { scope: CollectionScope }) {
  const { t } = useTranslation('collections');
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
      <section aria-labelledby={`collections-${scope}-heading`}>
        <h2 id={`collections-${scope}-heading`}>{t(`${scope}.heading`)}</h2>
        <EmptyState headingLevel={3} title={t(`${scope}.empty.title`)} text={t(`${scope}.empty.text`)} />
      </section>
    </div>
  );
}
