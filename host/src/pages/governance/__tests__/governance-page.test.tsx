import { i18n } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { Route, Routes, useLocation } from '@assistant/routing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { addShellTexts, SHELL_NAMESPACE } from '../../../app/shell-i18n';
import { GovernancePage } from '../governance-page';
import { GOVERNANCE_TABS } from '../governance-tabs';
import { addGovernanceTexts } from '../governance-texts';

// Two pages of the list's shape, so the frame is tested apart from what each tab shows.
jest.mock('../governance-tabs', () => {
  const { lazy: lazyPage } = jest.requireActual<typeof import('react')>('react');
  const page = (text: string) => lazyPage(async () => ({ default: () => <p>{text}</p> }));
  return {
    GOVERNANCE_TABS: [
      { path: 'usage', labelKey: 'GOVERNANCE.tabs.usage', Page: page('the usage page') },
      { path: 'budgets', labelKey: 'GOVERNANCE.tabs.budgets', Page: page('the budgets page') },
    ],
  };
});

function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname}</output>;
}

const renderAt = (route: string, language: 'de' | 'en' = 'en') =>
  renderWithProviders(
    <Routes>
      <Route
        path="/governance/*"
        element={
          <main>
            <GovernancePage />
            <Address />
          </main>
        }
      />
    </Routes>,
    { route, language },
  );

beforeAll(addShellTexts);

describe('the governance page', () => {
  it('leads /governance to its first tab and marks the current tab for screen readers', async () => {
    renderAt('/governance');
    expect(await screen.findByText('the usage page')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('/governance/usage');
    const tabs = screen.getByRole('navigation', { name: 'Governance areas' });
    const links = within(tabs).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')])).toEqual([
      ['Usage', '/governance/usage', 'page'],
      ['Budgets', '/governance/budgets', null],
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Governance' })).toBeInTheDocument();
    expect(document.title).toContain('Usage – Governance');
  });

  it('shows a tab by its link, reachable with the keyboard', async () => {
    const user = userEvent.setup();
    renderAt('/governance/usage', 'de');
    await screen.findByText('the usage page');
    const tabs = screen.getByRole('navigation', { name: 'Bereiche der Verwaltung' });
    await user.tab();
    expect(within(tabs).getByRole('link', { name: 'Nutzung' })).toHaveFocus();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('the budgets page')).toBeInTheDocument();
    expect(within(tabs).getByRole('link', { name: 'Budgets' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Nutzung' })).not.toHaveAttribute('aria-current');
  });

  it('shows the not-found page for an address that is no tab', async () => {
    renderAt('/governance/nothing');
    expect(await screen.findByRole('heading', { name: /not found/i })).toBeInTheDocument();
  });
});

describe('the tab list', () => {
  const { GOVERNANCE_TABS: tabs } = jest.requireActual<{ GOVERNANCE_TABS: typeof GOVERNANCE_TABS }>('../governance-tabs');

  it('has each path once, a label in German and English, and a lazy page for each tab', () => {
    addGovernanceTexts();
    expect(new Set(tabs.map((tab) => tab.path)).size).toBe(tabs.length);
    expect(tabs[0]!.path).toBe('usage');
    const lazyType = (lazy(async () => ({ default: () => null })) as unknown as { $$typeof: symbol }).$$typeof;
    for (const tab of tabs) {
      for (const language of ['de', 'en']) expect([tab.path, language, i18n.getResource(language, SHELL_NAMESPACE, tab.labelKey) !== undefined]).toEqual([tab.path, language, true]);
      expect((tab.Page as unknown as { $$typeof: symbol }).$$typeof).toBe(lazyType);
    }
  });
});
