import { useDocumentTitle } from '@assistant/platform';
import { LinkTabs, Loading, PageHeader, type RenderLink } from '@assistant/ui';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useLocation, useRoutes } from '@assistant/routing';
import { NotFoundPage } from '../not-found-page';
import { SHELL_NAMESPACE } from '../../app/shell-i18n';
import { GOVERNANCE_TABS } from './governance-tabs';
import { addGovernanceTexts } from './governance-texts';
import './governance.css';

/** The router decides the current tab: NavLink sets aria-current="page" on it. */
const renderLink: RenderLink = ({ href, className, children }) => (
  <NavLink to={href} className={className}>
    {children}
  </NavLink>
);

const BASE = '/governance';

/**
 * `/governance/*` (administrators): the tabs of GOVERNANCE_TABS, each a route of its own (a link,
 * so a tab can be bookmarked and opened in a new browser tab) whose page is a chunk of its own.
 * `/governance` leads to the first tab.
 */
export function GovernancePage() {
  // Before the first translation: the page's texts come with its chunk.
  useState(addGovernanceTexts);
  const { t } = useTranslation(SHELL_NAMESPACE);
  const { pathname } = useLocation();
  const current = GOVERNANCE_TABS.find((tab) => pathname === `${BASE}/${tab.path}` || pathname.startsWith(`${BASE}/${tab.path}/`));
  useDocumentTitle(current ? `${t(current.labelKey)} – ${t('GOVERNANCE.title')}` : t('GOVERNANCE.title'));

  const page = useRoutes([
    { index: true, element: <Navigate to={`${BASE}/${GOVERNANCE_TABS[0]!.path}`} replace /> },
    ...GOVERNANCE_TABS.map(({ path, Page }) => ({ path: `${path}/*`, element: <Page /> })),
    { path: '*', element: <NotFoundPage /> },
  ]);

  return (
    <section className="shell-page governance-page">
      <PageHeader title={t('GOVERNANCE.title')} description={t('GOVERNANCE.description')} />
      <LinkTabs
        label={t('GOVERNANCE.tabsLabel')}
        renderLink={renderLink}
        items={GOVERNANCE_TABS.map((tab) => ({ id: tab.path, href: `${BASE}/${tab.path}`, label: t(tab.labelKey) }))}
      />
      <div className="governance-page__panel">
        <Suspense fallback={<Loading fill label={t('GOVERNANCE.loading')} />}>{page}</Suspense>
      </div>
    </section>
  );
}
