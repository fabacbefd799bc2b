import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

export type CollectionScope = 'personal' | 'company';

/**
 * /collections/personal and /collections/company: the title, the two tabs and the collections of
 * the selected scope. The tabs are links to sibling routes, so the route decides the active tab
 * (aria-current="page") and every tab is a deep link.
 */
export default function CollectionsPage({ scope }: { scope: CollectionScope }) {
  const { t } = useTranslation('collections');
  return (
    <div className="remote-page collections-page">
      <h1>{t('title')}</h1>
      <nav aria-label={t('tabs.label')} className="tabs">
        <NavLink to="../personal" className="tabs__tab">
          {t('tabs.personal')}
        </NavLink>
        <NavLink to="../company" className="tabs__tab">
          {t('tabs.company')}
        </NavLink>
      </nav>
      <section aria-labelledby={`collections-${scope}-heading`}>
        <h2 id={`collections-${scope}-heading`}>{t(`${scope}.heading`)}</h2>
        <div className="empty-state" role="status">
          <p className="empty-state__title">{t(`${scope}.empty.title`)}</p>
          <p className="empty-state__text">{t(`${scope}.empty.text`)}</p>
        </div>
      </section>
    </div>
  );
}
