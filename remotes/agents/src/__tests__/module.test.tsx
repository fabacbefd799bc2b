import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { Suspense } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useRoutes } from 'react-router';
import remote from '../module';

function keyPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key)).sort();
}

async function renderAt(path: string, language: 'de' | 'en' = 'en') {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: language, resources: {}, interpolation: { escapeValue: false } });
  i18n.addResourceBundle('de', remote.i18n.namespace, remote.i18n.resources.de);
  i18n.addResourceBundle('en', remote.i18n.namespace, remote.i18n.resources.en);
  function RemoteTree() {
    return useRoutes(remote.routes);
  }
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={null}>
          <Routes>
            <Route path="/agents/*" element={<RemoteTree />} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('agents remote module', () => {
  it('describes the remote: id, routes, navigation and its texts in de and en with the same keys', () => {
    expect(remote.id).toBe('agents');
    expect(remote.routes.length).toBeGreaterThan(0);
    expect(Array.isArray(remote.navigation)).toBe(true);
    expect(remote.i18n.namespace).toBe('agents');
    expect(keyPaths(remote.i18n.resources.de)).toEqual(keyPaths(remote.i18n.resources.en));
    for (const language of ['de', 'en'] as const) {
      for (const path of keyPaths(remote.i18n.resources[language])) {
        const text = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], remote.i18n.resources[language]);
        expect(typeof text === 'string' && text.trim() !== '').toBe(true);
      }
    }
    for (const entry of remote.navigation) expect(keyPaths(remote.i18n.resources.en)).toContain(entry.labelKey);
  });

  it('lists agents at /agents, empty, with a link to create one', async () => {
    await renderAt('/agents');
    expect(await screen.findByRole('heading', { level: 1, name: 'Agents' })).toBeInTheDocument();
    expect(screen.getByText('No agents yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New agent' })).toHaveAttribute('href', '/agents/new');
  });

  it('shows the agent form at /agents/new with labelled fields', async () => {
    await renderAt('/agents/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New agent' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'New agent' });
    expect(form).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('maxLength', '100');
    expect(screen.getByRole('textbox', { name: /^Instructions/ })).toBeRequired();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/agents');
  });

  it('uses the same form route for /agents/:id, which has no agent to edit yet', async () => {
    await renderAt('/agents/0b4d1c2e-1111-4222-8333-944455556666');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit agent' })).toBeInTheDocument();
    expect(screen.getByText('Agent not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to agents' })).toHaveAttribute('href', '/agents');
  });

  it('speaks German', async () => {
    await renderAt('/agents', 'de');
    expect(await screen.findByText('Noch keine Agenten')).toBeInTheDocument();
  });
});
