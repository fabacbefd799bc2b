import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** One tab of `/governance`: its path under `/governance`, its label (GOVERNANCE.tabs.*) and its page. */
export interface GovernanceTab {
  path: string;
  labelKey: string;
  /** A chunk of its own: an administrator on the usage tab does not download the others (nor their libraries). */
  Page: LazyExoticComponent<ComponentType>;
}

/** The tabs in the order shown; the first is where `/governance` leads. Each tab is one line. */
export const GOVERNANCE_TABS: readonly GovernanceTab[] = [
  { path: 'usage', labelKey: 'GOVERNANCE.tabs.usage', Page: lazy(() => import(/* webpackChunkName: "page-governance-usage" */ './usage/usage-tab')) },
  { path: 'budgets', labelKey: 'GOVERNANCE.tabs.budgets', Page: lazy(() => import(/* webpackChunkName: "page-governance-budgets" */ './budgets/budgets-tab')) },
  { path: 'retention', labelKey: 'GOVERNANCE.tabs.retention', Page: lazy(() => import(/* webpackChunkName: "page-governance-retention" */ './retention/retention-tab')) },
  { path: 'audit', labelKey: 'GOVERNANCE.tabs.audit', Page: lazy(() => import(/* webpackChunkName: "page-governance-audit" */ './audit/audit-tab')) },
  { path: 'ratings', labelKey: 'GOVERNANCE.tabs.ratings', Page: lazy(() => import(/* webpackChunkName: "page-governance-ratings" */ './ratings/ratings-tab')) },
];
